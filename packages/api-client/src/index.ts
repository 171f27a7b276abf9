import { snakeKey, toCamel, toSnake } from '@swipe/core/case.ts';

// Typed client for both apps (viewer.md 7, back-office.md 7): base URL, 60 s timeout, bearer tokens
// of the three kinds, Accept-Language, camelCase <-> snake_case, and typed errors. It never shows
// toasts or redirects: the app layer reacts to ApiError (bulletproof-react's rule).

export const REQUEST_TIMEOUT_MS = 60_000;

export type TokenKind = 'operator' | 'end-user' | 'preview';

/** Which token a path uses (back-office.md 6): end-user paths, preview paths, else operator. */
export function tokenKindFor(path: string): TokenKind {
  if (path.includes('end-user')) return 'end-user';
  if (path.includes('preview/site')) return 'preview';
  return 'operator';
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** server message: a string, or the first of a list */
    message: string,
    readonly code: string,
    readonly body: unknown,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}
/** No response at all (network down, timeout): the "cannot connect" case of the error catalogue. */
export class ConnectionError extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'timeout' : 'connection');
  }
}

export interface ClientOptions {
  baseUrl: string;
  getLanguage: () => string;
  getToken: (kind: TokenKind) => string | null | undefined;
  /** extra headers per request (e.g. the preview password header) */
  headers?: () => Record<string, string>;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** send this bearer instead of the path's token kind (refresh-token) */
  bearer?: string | null;
  signal?: AbortSignal;
  /** skip camelCase conversion of the response (CSV, documents) */
  raw?: boolean;
}

export function createClient(opts: ClientOptions) {
  const doFetch = opts.fetchImpl ?? fetch;
  async function request<T = unknown>(method: string, path: string, ro: RequestOptions = {}): Promise<T> {
    const url = new URL(
      `${opts.baseUrl.replace(/\/$/, '')}/api/v1/${path.replace(/^\//, '')}`,
      typeof location === 'undefined' ? 'http://localhost' : location.href,
    );
    for (const [k, v] of Object.entries(ro.query ?? {}))
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(snakeKey(k), String(v));
    const headers: Record<string, string> = {
      'accept-language': opts.getLanguage() || 'ja',
      ...(opts.headers?.() ?? {}),
      ...(ro.headers ?? {}),
    };
    const token = ro.bearer !== undefined ? ro.bearer : opts.getToken(tokenKindFor(path));
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (ro.body instanceof FormData || ro.body instanceof Blob) body = ro.body;
    else if (ro.body !== undefined) {
      body = JSON.stringify(toSnake(ro.body));
      headers['content-type'] = 'application/json';
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    ro.signal?.addEventListener('abort', () => ctrl.abort());
    let res: Response;
    try {
      res = await doFetch(url.toString(), { method, headers, body, signal: ctrl.signal, credentials: 'same-origin' });
    } catch {
      throw new ConnectionError(ctrl.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
    const type = res.headers.get('content-type') ?? '';
    const data: unknown = type.includes('application/json') ? await res.json().catch(() => null) : await res.text();
    if (!res.ok) {
      const b = (data ?? {}) as { message?: string | string[]; code?: string; fields?: { path: string; message: string }[] };
      const msg = Array.isArray(b.message) ? (b.message[0] ?? '') : (b.message ?? '');
      throw new ApiError(res.status, msg || `Error ${res.status}: ${res.statusText}`, b.code ?? 'HTTP_ERROR', data, b.fields ?? []);
    }
    return (ro.raw || typeof data !== 'object' ? data : toCamel(data)) as T;
  }
  return {
    request,
    get: <T>(path: string, ro?: RequestOptions) => request<T>('GET', path, ro),
    post: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>('POST', path, { ...ro, body }),
    put: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>('PUT', path, { ...ro, body }),
    del: <T>(path: string, ro?: RequestOptions) => request<T>('DELETE', path, ro),
  };
}
export type ApiClient = ReturnType<typeof createClient>;

/** CSV download helper: adds a byte-order mark so spreadsheet apps read UTF-8. */
export function csvBlob(text: string): Blob {
  return new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
}
