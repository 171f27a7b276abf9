// Visitor events (viewer.md 7), queued and sent in batches with sendBeacon when the browser is idle
// or the page is hidden: recording an event is an array push, so it never delays a swipe.

export type EventKind = 'page_view' | 'click_cta_btn' | 'slide_page' | 'click_product_item' | 'click_product_point' | 'click_popup_cta';

export interface VisitorEvent {
  event: EventKind;
  siteId: number;
  pageId?: number | null;
  targetId?: number | null;
  popupId?: number | null;
  lang?: string;
  data?: Record<string, string | number | boolean | null>;
  at?: number;
}

const ENDPOINT = '/api/v1/end-user/events';
const MAX_BATCH = 20;
let queue: VisitorEvent[] = [];
let scheduled = false;
let disabled = false;

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function flush(): void {
  scheduled = false;
  if (queue.length === 0) return;
  const batch = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  const body = JSON.stringify({
    events: batch.map((e) => Object.fromEntries(Object.entries(e).map(([k, v]) => [snake(k), v]))),
  });
  const blob = new Blob([body], { type: 'application/json' });
  if (!(navigator.sendBeacon?.(ENDPOINT, blob) ?? false)) {
    fetch(ENDPOINT, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {});
  }
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const ric = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(flush, { timeout: 2000 });
  else setTimeout(flush, 1000);
}

export function track(e: VisitorEvent): void {
  if (disabled || typeof window === 'undefined') return;
  queue.push({ ...e, at: Date.now() });
  schedule();
}

/** Preview views record nothing. */
export function disableAnalytics(): void {
  disabled = true;
}

if (typeof window !== 'undefined') {
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
