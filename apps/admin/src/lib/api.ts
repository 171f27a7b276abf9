import { ApiError, createClient, type RequestOptions } from '@swipe/api-client';
import { followAccountLang, getLang } from './i18n';
import { go, onPublicScreen } from './navigation';
import { getSession, type Session, setSession, type TokenPair, type User, updateUser } from './session';

// The app layer over the typed client: the session's bearer (renewed before use once expired), the 401
// refresh-once-and-retry rule and the 403 rule of back-office.md 8. Toasts are left to the query layer (notify.ts).

const raw = createClient({
  baseUrl: '',
  getLanguage: getLang,
  // Operator calls only: share calls under preview/site also use the operator token (see bearerFor).
  getToken: (kind) => (kind === 'operator' ? (getSession()?.accessToken ?? null) : null),
});

/** 403s that are a rule about the request (a plan feature), not about access: shown as a message, no redirect. */
export const RULE_403 = ['PLAN_FEATURE_REQUIRED'];

const NO_REFRESH = ['auth/login', 'auth/refresh-token', 'auth/forgot-password', 'auth/reset-password', 'auth/verify-token'];

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; rotation means a second concurrent refresh with the same token would revoke the family. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const s = getSession();
    if (!s?.refreshToken) return false;
    try {
      const pair = await raw.post<TokenPair>('auth/refresh-token', undefined, { bearer: s.refreshToken });
      setSession({ accessToken: pair.accessToken, refreshToken: pair.refreshToken, user: pair.user ?? s.user });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    setTimeout(() => {
      refreshing = null;
    }, 0);
  });
  return refreshing;
}

let leaving = false;
function expireSession(): void {
  setSession(null);
  if (leaving || onPublicScreen()) return;
  leaving = true;
  setTimeout(() => {
    leaving = false;
    go('/login');
  }, 1000);
}

let forbidding = false;
async function forbid(err: ApiError): Promise<void> {
  if (err.code === 'PASSWORD_CHANGE_REQUIRED') {
    go('/first-time-change-password');
    return;
  }
  if (forbidding) return;
  forbidding = true;
  try {
    const user = await raw.get<User>('auth/user-info');
    updateUser(user);
  } catch {
    /* the forbidden page is shown either way */
  }
  setTimeout(() => {
    forbidding = false;
    go('/errors/403');
  }, 2000);
}

function bearerFor(path: string, ro: RequestOptions): RequestOptions {
  // The preview share calls sit under preview/site, where tokenKindFor would pick the preview token.
  if (ro.bearer === undefined && path.includes('preview/site')) return { ...ro, bearer: getSession()?.accessToken ?? null };
  return ro;
}

/** Seconds before its expiry at which an access token is renewed before use (the browser's clock may run ahead). */
const EXPIRY_MARGIN_S = 30;

/** The access token has expired (or is about to), by its own `exp`: renewing first spares every call its 401. */
function expiresSoon(token: string): boolean {
  try {
    const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(part)) as { exp?: unknown };
    return typeof exp === 'number' && exp - EXPIRY_MARGIN_S <= Date.now() / 1000;
  } catch {
    return false;
  }
}

/**
 * Before a call that carries the session's token: an expired token is refreshed once, and every call of the
 * moment waits for that one refresh (the first screen after a pause fires several calls at once).
 */
async function freshToken(path: string, ro: RequestOptions): Promise<void> {
  if (ro.bearer !== undefined || NO_REFRESH.some((p) => path.startsWith(p))) return;
  if (refreshing) {
    await refreshing;
    return;
  }
  const s = getSession();
  if (s?.accessToken && expiresSoon(s.accessToken)) await refreshSession();
}

export async function request<T>(method: string, path: string, ro: RequestOptions = {}): Promise<T> {
  await freshToken(path, ro);
  try {
    return await raw.request<T>(method, path, bearerFor(path, ro));
  } catch (err) {
    // a blocked address: the blocked-by-IP screen, whichever call found out (login included)
    if (err instanceof ApiError && err.code === 'IP_BLOCKED') {
      go('/errors/403-ip');
      throw err;
    }
    if (!(err instanceof ApiError) || NO_REFRESH.some((p) => path.startsWith(p))) throw err;
    if (err.status === 401) {
      if (getSession() && (await refreshSession())) {
        try {
          return await raw.request<T>(method, path, bearerFor(path, { ...ro, bearer: undefined }));
        } catch (again) {
          if (again instanceof ApiError && again.status === 401) expireSession();
          else if (again instanceof ApiError && again.status === 403 && !RULE_403.includes(again.code)) void forbid(again);
          throw again;
        }
      }
      expireSession();
    } else if (err.status === 403 && !RULE_403.includes(err.code)) void forbid(err);
    throw err;
  }
}

export const api = {
  get: <T>(path: string, ro?: RequestOptions) => request<T>('GET', path, ro),
  post: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>('POST', path, { ...ro, body }),
  put: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>('PUT', path, { ...ro, body }),
  del: <T>(path: string, ro?: RequestOptions) => request<T>('DELETE', path, ro),
};

/** Signs in with a token pair from login / password change. */
export function startSession(pair: TokenPair): Session {
  const s = { accessToken: pair.accessToken, refreshToken: pair.refreshToken, user: pair.user };
  setSession(s);
  void followAccountLang();
  return s;
}
