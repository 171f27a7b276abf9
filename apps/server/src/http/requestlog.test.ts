import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/log.js';
import { installRequestLog } from './requestlog.js';

async function serve(level: string) {
  const lines: string[] = [];
  const log: FastifyBaseLogger = createLogger({
    level,
    format: 'pretty',
    out: { write: (s: string) => lines.push(...s.split('\n').filter(Boolean)) },
  });
  const app = Fastify({ loggerInstance: log, logController: new LogController({ disableRequestLogging: true }) });
  installRequestLog(app, log);
  app.get('/p', async () => ({ ok: true }));
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: `/p?lang=ja&token=secret-${i}` });
  await app.inject({ method: 'GET', url: '/missing' });
  await app.close();
  return lines;
}

describe('request logs', () => {
  it('are silent at the default level: 21 requests print nothing', async () => {
    expect(await serve('info')).toEqual([]);
  });

  it('are one short readable line per request at debug, secrets redacted', async () => {
    const lines = await serve('debug');
    expect(lines).toHaveLength(21);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} DEBUG GET \/p\?lang=ja&token=\[redacted\] 200 \d+\.\d ms$/);
    expect(lines[20]).toMatch(/ GET \/missing 404 /);
    expect(lines.join('\n')).not.toContain('secret-');
    for (const l of lines) expect(l.length).toBeLessThan(120);
  });
});
