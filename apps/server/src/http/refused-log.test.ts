import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/log.js';
import { createContext } from '../open.js';
import { type Running, startServer } from '../server.js';
import { http, testConfig, testDb } from '../test/helpers.js';
import { registerErrorHandling } from './errors.js';

// Refused input is the client's fault: a line at info, never a warning with a stack per request (a fuzzer sending
// numbers past a column's range or NUL characters would otherwise fill the log with stack traces).
const lines: string[] = [];
const logger = createLogger({
  level: 'info',
  format: 'pretty',
  out: { write: (s: string) => lines.push(...s.split('\n').filter(Boolean)) },
});
let running: Running;
let drop: () => Promise<void>;
beforeAll(async () => {
  const t = await testDb();
  drop = t.drop;
  const config = testConfig();
  running = await startServer(config, { ctx: await createContext(config, { db: t.db, logger }) });
});
afterAll(async () => {
  await running?.stop();
  await drop?.();
});

describe('the log of refused input', () => {
  it('is nothing for what the rules refuse (NUL characters, broken JSON, unknown addresses)', async () => {
    lines.length = 0;
    const nul = await http(running.sitesUrl, 'POST', '/api/v1/end-user/events', {
      raw: '{"events":[{"event":"page_view","site_id":1,"lang":"j\\u0000a"}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(nul.body).toMatchObject({ code: 'INVALID_CHARACTER' });
    const broken = await http(running.sitesUrl, 'POST', '/api/v1/end-user/events', {
      raw: '{"events": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await http(running.adminUrl, 'GET', '/api/v1/no-such-route')).status).toBe(404);
    expect(lines).toEqual([]);
  });

  it('is one info line, without a stack, for a value the database refuses (past a column range)', async () => {
    // the error handler as every route has it, and the error pg gives for 2147483648 in an integer column
    // typed as Fastify's logger, as the app's own instance is (server.ts), so the error handling registers on it
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, disableRequestLogging: true });
    registerErrorHandling(app);
    app.get('/things/:id', async () => {
      throw Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' });
    });
    lines.length = 0;
    const r = await app.inject({ method: 'GET', url: '/things/2147483648', headers: { 'accept-language': 'en' } });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ code: 'INVALID_VALUE' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}refused a value the database would not take .*statusCode=422 route=\/things\/:id pgCode=22003$/,
    );
    await app.close();
  });
});
