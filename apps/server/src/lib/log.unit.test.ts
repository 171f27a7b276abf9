import { describe, expect, it } from 'vitest';
import { createLogger, formatLine, logFormatOf, redactUrl } from './log.js';

function memory(isTTY = false) {
  const lines: string[] = [];
  return { lines, out: { isTTY, write: (s: string) => lines.push(...s.split('\n').filter(Boolean)) } };
}

describe('log format choice', () => {
  it('is readable in a terminal and JSON otherwise; LOG_FORMAT decides when set', () => {
    expect(logFormatOf({}, true)).toBe('pretty');
    expect(logFormatOf({}, false)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'Pretty' }, false)).toBe('pretty');
    expect(() => logFormatOf({ LOG_FORMAT: 'xml' }, true)).toThrow(/LOG_FORMAT/);
  });
});

describe('readable lines', () => {
  it('puts one record on one short line: time, level, message, extra fields', () => {
    const line = formatLine({
      level: 30,
      time: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      pid: 1,
      hostname: 'h',
      msg: 'demo data created',
      ms: 12,
      siteId: 1,
    });
    expect(line).toBe('03:04:05.006 INFO  demo data created siteId=1');
  });

  it('shows a request as method, address, status and time', () => {
    const line = formatLine({ level: 20, time: 0, reqId: 'x', method: 'GET', url: '/B3', status: 200, ms: 1.234, msg: 'request' });
    expect(line).toBe('00:00:00.000 DEBUG GET /B3 200 1.2 ms');
  });

  it('prints an error with its stack below the line', () => {
    const line = formatLine({ level: 50, time: 0, msg: 'unhandled error', err: { message: 'boom', stack: 'Error: boom\n    at x' } });
    expect(line.split('\n')).toEqual(['00:00:00.000 ERROR unhandled error', 'Error: boom', '    at x']);
  });

  it('keeps a warning with an error on its one line: the type and message, no stack', () => {
    const line = formatLine({
      level: 40,
      time: 0,
      msg: 'job failed',
      kind: 'x',
      err: { type: 'TypeError', message: 'no\nmore', stack: 'TypeError: no\n    at x' },
    });
    expect(line).toBe('00:00:00.000 WARN  job failed kind=x err="TypeError: no"');
  });

  it('colours the level only for a terminal', () => {
    expect(formatLine({ level: 40, time: 0, msg: 'w' }, true)).toContain('\x1b[33mWARN \x1b[0m');
  });
});

describe('createLogger', () => {
  it('writes no JSON in pretty format, and keeps secrets out in both formats', () => {
    for (const format of ['pretty', 'json'] as const) {
      const m = memory();
      const log = createLogger({ level: 'info', format, out: m.out });
      log.info({ password: 'Secret-1#', nested: { token: 'tok-123' }, passcode: '9876' }, 'login');
      log.info({ req: { id: '1', method: 'GET', url: '/new-password?token=abc&setup=1' } }, 'req');
      expect(m.lines).toHaveLength(2);
      const all = m.lines.join('\n');
      for (const secret of ['Secret-1#', 'tok-123', '9876', 'abc']) expect(all).not.toContain(secret);
      if (format === 'pretty') for (const l of m.lines) expect(l.startsWith('{')).toBe(false);
      else for (const l of m.lines) expect(() => JSON.parse(l)).not.toThrow();
    }
  });

  it('redacts secrets of query strings and leaves other addresses as they are', () => {
    expect(redactUrl('/p?lang=ja&passcode=1234&code=5')).toBe('/p?lang=ja&passcode=[redacted]&code=[redacted]');
    expect(redactUrl('/B3')).toBe('/B3');
  });
});
