import pino from 'pino';

// The process's logger. Two formats of the same records:
//  - json: one JSON object per line (pino's own), for log collectors: the default when stdout is not a
//    terminal (systemd, containers, a file), or with LOG_FORMAT=json;
//  - pretty: one short readable line per record, the default when stdout is a terminal (`npm start` in
//    a shell), or with LOG_FORMAT=pretty. A small formatter of pino's lines, no extra dependency.
// Requests are logged at debug only (one line each, see http/requestlog.ts), so at the default level
// `info` a running server prints its banner and what happens to it, not every request.

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when set (json | pretty); otherwise pretty for a terminal, json for anything else. */
export function logFormatOf(env: { LOG_FORMAT?: string }, isTTY: boolean): LogFormat {
  const f = (env.LOG_FORMAT ?? '').trim().toLowerCase();
  if (f === 'json' || f === 'pretty') return f;
  if (f) throw new Error(`LOG_FORMAT: "${env.LOG_FORMAT}" is neither json nor pretty`);
  return isTTY ? 'pretty' : 'json';
}

/** Secrets in query strings (reset links, preview passcodes, set-up tokens) never reach the logs. */
export function redactUrl(url: string): string {
  return url.indexOf('?') < 0 ? url : url.replace(/([?&](?:token|password|passcode|code)=)[^&]*/gi, '$1[redacted]');
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLORS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
/** fields every record carries, or that the line shows in its own way */
const QUIET = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'method', 'url', 'status', 'ms']);

function value(v: unknown): string {
  if (typeof v === 'string') return /[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v;
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}

/** One pino record (parsed) as one readable line (and an error's stack below it). */
export function formatLine(rec: Record<string, unknown>, color = false): string {
  const level = typeof rec.level === 'number' ? rec.level : 30;
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const time = new Date(typeof rec.time === 'number' ? rec.time : Date.now()).toISOString().slice(11, 23);
  let text = typeof rec.msg === 'string' ? rec.msg : '';
  if (typeof rec.method === 'string' && typeof rec.url === 'string')
    text = `${rec.method} ${rec.url} ${rec.status ?? ''} ${typeof rec.ms === 'number' ? `${rec.ms.toFixed(1)} ms` : ''}`.trim();
  for (const [k, v] of Object.entries(rec)) if (!QUIET.has(k) && v !== undefined) text += ` ${k}=${value(v)}`;
  const err = rec.err as { type?: string; message?: string; stack?: string } | undefined;
  // one line per record; only an error (level 50 and up) carries its stack below it, what it needs to be fixed
  if (err && level < 50) text += ` err=${value(`${err.type ?? 'Error'}: ${err.message ?? ''}`.split('\n')[0])}`;
  let out = `${time} ${color ? `\x1b[${COLORS[level] ?? '0'}m${name}\x1b[0m` : name} ${text}`;
  if (err && level >= 50) out += `\n${err.stack ?? err.message ?? value(err)}`;
  return out;
}

/** A pino destination that writes readable lines instead of JSON. */
export function prettyStream(out: { write(s: string): unknown; isTTY?: boolean }): { write(line: string): void } {
  const color = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return {
    write(line: string) {
      let rec: Record<string, unknown>;
      try {
        rec = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(`${formatLine(rec, color)}\n`);
    },
  };
}

export interface LoggerOptions {
  level: string;
  format: LogFormat;
  /** where lines go; stdout by default */
  out?: { write(s: string): unknown; isTTY?: boolean };
}

/** The logger every part of the process uses (AppContext.log), secrets redacted in both formats. */
export function createLogger(o: LoggerOptions): pino.Logger {
  const options: pino.LoggerOptions = {
    level: o.level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'token', '*.token', 'passcode', '*.passcode'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      err: pino.stdSerializers.err,
    },
  };
  const out = o.out ?? process.stdout;
  if (o.format === 'pretty') return pino(options, prettyStream(out));
  return o.out ? pino(options, o.out as pino.DestinationStream) : pino(options);
}
