import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../open.js';
import { type Running, startServer } from '../server.js';
import { http, testConfig, testDb } from '../test/helpers.js';

// A body that cannot be read is the client's fault: 400 with a translated message, and nothing at error
// level in the log (anyone could otherwise fill the error log with one request a second). The visitor
// beacon takes text/plain as JSON too (sendBeacon sends a string that way).

let srv: Running;
let dropDb: () => Promise<void>;
const lines: { level: number; msg?: string }[] = [];

beforeAll(async () => {
  const { db, drop } = await testDb();
  dropDb = drop;
  const config = testConfig();
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const ctx = await createContext(config, { db, logger: pino({ level: 'trace' }, sink) });
  srv = await startServer(config, { ctx });
});
afterAll(async () => {
  await srv?.stop();
  await dropDb?.();
});

const ERROR = 50;

describe('a malformed body', () => {
  for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/json']) {
    it(`${type}: the events beacon answers 400 in the request's language, with no error-level log`, async () => {
      const before = lines.length;
      const en = await http<{ code: string; message: string }>(srv.sitesUrl, 'POST', '/api/v1/end-user/events', {
        raw: '{"events":[',
        headers: { 'content-type': type },
        lang: 'en',
      });
      expect(en.status).toBe(400);
      expect(en.body.code).toBe('INVALID_JSON');
      expect(en.body.message).toBe('The request body could not be read.');
      const ja = await http<{ message: string }>(srv.sitesUrl, 'POST', '/api/v1/end-user/events', {
        raw: '{"events":[',
        headers: { 'content-type': type },
        lang: 'ja',
      });
      expect(ja.status).toBe(400);
      expect(ja.body.message).toBe('リクエスト本文を読み取れません。');
      expect(lines.slice(before).filter((l) => l.level >= ERROR)).toEqual([]);
    });
  }

  it('a well-formed text/plain beacon is still read as JSON: the same answer as application/json', async () => {
    const send = (type: string) =>
      http<{ code: string }>(srv.sitesUrl, 'POST', '/api/v1/end-user/events', {
        raw: JSON.stringify({ events: [] }),
        headers: { 'content-type': type },
      });
    const [plain, json] = [await send('text/plain'), await send('application/json')];
    expect(json.status).toBe(422);
    expect([plain.status, plain.body.code]).toEqual([json.status, json.body.code]);
  });
});
