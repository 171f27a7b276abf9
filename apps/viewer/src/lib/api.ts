import { ApiError, ConnectionError, createClient } from '@swipe/api-client';
import type { NotificationView, PageDetailResponse } from '@swipe/core';
import { TOKEN_KEY } from './storage-keys.js';

// Visitor calls of viewer.md 7 through the shared api-client (60 s timeout, Accept-Language,
// snake_case <-> camelCase, end-user token on end-user paths).

export function readToken(siteId: number): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY(siteId));
  } catch {
    return null;
  }
}
export function clearToken(siteId: number): void {
  try {
    localStorage.removeItem(TOKEN_KEY(siteId));
  } catch {
    /* blocked storage */
  }
}

export function makeApi(siteId: number, lang: string, variationId: string | null) {
  const client = createClient({
    baseUrl: '',
    getLanguage: () => lang,
    getToken: (kind) => (kind === 'end-user' ? readToken(siteId) : null),
  });
  const q = { lang, variationId: variationId ?? undefined };
  // A blocked address gets the "blocked by IP" screen, whichever call found out.
  const get = <T>(path: string, opts?: Parameters<typeof client.get>[1]) =>
    client.get<T>(path, opts).catch((e: unknown) => {
      if (e instanceof ApiError && e.code === 'IP_BLOCKED') location.assign('/errors/403-ip');
      throw e;
    });
  return {
    pageDetail: (pageId: number, access: 'public' | 'private') =>
      get<PageDetailResponse>(`end-user/site/${siteId}/page/${pageId}/${access}`, { query: q }),
    notifications: () => get<{ items: NotificationView[] }>('end-user/noti_delivery', { query: { siteId, lang } }),
    campaignClick: (campaignId: number, bannerId?: number, itemId?: number) =>
      get<{ clickCount: number }>(`end-user/campaign/${campaignId}/click`, { query: { bannerId, itemId } }),
    /** member sign-out: the server ends the member's tokens */
    signOut: () => client.post<{ message: string }>(`end-user/site/${siteId}/logout`),
    popupCounts: () => get<{ items: { id: number; numberClicks: number; limit: number | null }[] }>(`end-user/site/${siteId}/popup-cta`),
  };
}
export type Api = ReturnType<typeof makeApi>;

/** The toast text of a failed call (viewer.md 8). */
export function errorText(e: unknown, t: (k: string) => string): string {
  if (e instanceof ConnectionError) return t('viewer.error_connection');
  if (e instanceof ApiError) return e.message || t('viewer.error_request');
  return t('viewer.error_request');
}
export { ApiError };
