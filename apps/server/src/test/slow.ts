import net from 'node:net';

/** Polls `probe` until it returns a value other than undefined (state, not a fixed sleep); throws after `ms`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The status of a GET, or undefined when the server does not answer. */
export async function statusOf(url: string): Promise<number | undefined> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return undefined;
  }
}

export interface SlowRequest {
  /** sends the rest of the body and resolves with the whole raw answer once the server closes */
  finish(): Promise<string>;
}

/**
 * A streamed upload in flight: the request line, headers and the first bytes of the body are sent now;
 * the rest only when `finish()` is called. Resolves once the server has taken the request (it reads the
 * headers before the body: resolved after the socket connected and the first bytes were written).
 */
export function slowRequest(port: number, method: string, url: string, body: string): Promise<SlowRequest> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1', () => {
      sock.write(
        `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
      sock.write(body.slice(0, 5));
      let answer = '';
      const closed = new Promise<string>((done) => sock.on('close', () => done(answer)));
      sock.on('data', (d) => {
        answer += d.toString();
      });
      resolve({
        finish() {
          sock.write(body.slice(5));
          return closed;
        },
      });
    });
    sock.on('error', reject);
  });
}
