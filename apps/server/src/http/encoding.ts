// Which compressed form of a response a client takes (Accept-Encoding): brotli, then gzip, else
// none. One rule for the senders (viewer assets, server-rendered pages) and for the micro-cache's
// key, which must tell apart the requests that get different bytes.

/** An encoding counts as accepted when it is named without `q=0` (RFC 9110 12.5.3). */
function accepts(header: string, name: 'br' | 'gzip'): boolean {
  const at = header.indexOf(name);
  if (at < 0) return false;
  // the usual header ("gzip, deflate, br"): no weights, the name once, as a whole token
  if (!header.includes(';') && header.indexOf(name, at + 1) < 0) {
    const before = at === 0 ? ',' : header[at - 1];
    const after = header[at + name.length] ?? ',';
    return (before === ',' || before === ' ') && (after === ',' || after === ' ');
  }
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';');
    if (token.trim().toLowerCase() !== name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

export interface Accepted {
  br: boolean;
  gzip: boolean;
}

export function acceptedEncodings(header: string | string[] | undefined): Accepted {
  const h = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  return { br: h !== '' && accepts(h, 'br'), gzip: h !== '' && accepts(h, 'gzip') };
}

/** The part of a cache key that tells apart requests answered with different encodings. */
export function encodingKey(header: string | string[] | undefined): string {
  const a = acceptedEncodings(header);
  return `${a.br ? 'br' : ''}${a.gzip ? 'gz' : ''}`;
}
