// Visitor events (viewer.md 7), queued and sent in batches when the browser is idle, and by beacon when the
// page is hidden or left (before any navigation the viewer starts itself, on pagehide for the others):
// recording an event is an array push, so it never delays a swipe. Each event gets an id and a time once, so
// a batch sent again carries the same values and the server counts it once.

export type EventKind =
  | 'page_view'
  | 'click_cta_btn'
  | 'slide_page'
  | 'click_product_item'
  | 'click_product_point'
  | 'click_popup_cta'
  | 'page_leave'
  | 'tap';

export interface VisitorEvent {
  event: EventKind;
  siteId: number;
  pageId?: number | null;
  targetId?: number | null;
  popupId?: number | null;
  lang?: string;
  data?: Record<string, string | number | boolean | null>;
  /** page_leave: how long the page was shown */
  dwellMs?: number;
  /** tap: where on the page, as fractions 0..1 of its box */
  x?: number;
  y?: number;
}
type Queued = VisitorEvent & { id: string; at: number };

const ENDPOINT = '/api/v1/end-user/events';
const MAX_BATCH = 20;
const MAX_QUEUED = 500;
const RETRY_MS = 5000;
/** the server refuses a longer dwell (core MAX_DWELL_MS, 6 h) */
const MAX_DWELL_MS = 6 * 3600_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

let queue: Queued[] = [];
/** events of a send that failed: sent once more, never a third time */
let later: Queued[] = [];
let scheduled = false;
let disabled = false;
let prefix = '';
let seq = 0;
let utmDone = false;
/** the page view being shown (for its page_leave): null once left or hidden */
let view: { id: string; e: VisitorEvent; start: number } | null = null;
/** the page taps belong to, as its view was asked for (without the landing's UTM tags) */
let here: Omit<VisitorEvent, 'event'> | null = null;

/** 16 random characters per page load (getRandomValues works on plain http too), then a counter. */
export function newId(): string {
  if (!prefix) prefix = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => ALPHABET[b & 63]).join('');
  return prefix + (seq++).toString(36);
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const wire = (e: Queued) => Object.fromEntries(Object.entries(e).map(([k, v]) => [snake(k), v]));

function post(batch: Queued[], retried: boolean, hiding: boolean): void {
  const body = JSON.stringify({ events: batch.map(wire) });
  // A page being left or hidden may be gone before a fetch answers: a beacon then, which outlives the page. Its
  // body is a string, sent as text/plain (the endpoint reads it as JSON): a CORS-safelisted type, which no browser
  // holds back or refuses in a beacon. Without a beacon, a keepalive fetch, which outlives the page too.
  if (hiding && navigator.sendBeacon?.(ENDPOINT, body)) return;
  const fail = () => {
    if (retried) return;
    if (later.length === 0) setTimeout(retry, RETRY_MS);
    later.push(...batch);
  };
  fetch(ENDPOINT, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).then(
    (r) => (r.status >= 500 || r.status === 429 ? fail() : undefined),
    fail,
  );
}

function retry(): void {
  const again = later;
  later = [];
  for (let i = 0; i < again.length; i += MAX_BATCH) post(again.slice(i, i + MAX_BATCH), true, false);
}

function flush(hiding = false): void {
  scheduled = false;
  do {
    if (queue.length > 0) post(queue.splice(0, MAX_BATCH), false, hiding);
  } while (hiding && queue.length > 0);
  if (hiding && later.length > 0) retry();
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const ric = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(() => flush(), { timeout: 2000 });
  else setTimeout(flush, 1000);
}

/** Queues one event; its id (for events that point at it). */
export function track(e: VisitorEvent): string {
  if (disabled || typeof window === 'undefined') return '';
  const id = newId();
  if (queue.length < MAX_QUEUED) queue.push({ ...e, id, at: Date.now() });
  schedule();
  return id;
}

/** The page shown so far is left: its page_leave with how long it was shown. */
function leave(): void {
  const v = view;
  if (!v) return;
  view = null;
  const { siteId, pageId, lang } = v.e;
  track({
    event: 'page_leave',
    siteId,
    pageId,
    lang,
    dwellMs: Math.min(MAX_DWELL_MS, Math.max(0, Date.now() - v.start)),
    data: { view: v.id },
  });
}

/** A page is shown: the previous one is left; the first view of a load carries the landing's UTM tags and referrer. */
export function pageView(e: Omit<VisitorEvent, 'event'>): void {
  if (disabled || typeof window === 'undefined') return;
  leave();
  let data = e.data;
  if (!utmDone) {
    utmDone = true;
    const q = new URLSearchParams(location.search);
    for (const k of UTM) {
      const v = q.get(k)?.trim().slice(0, 200);
      if (v) data = { ...data, [k]: v };
    }
    // the page that linked here, as its origin only (paths and queries can carry ids; the server keeps the host)
    const ref = document.referrer.split('/', 3).join('/').slice(0, 200);
    if (ref) data = { ...data, referrer: ref };
  }
  const ev: VisitorEvent = { ...e, event: 'page_view', data };
  view = { id: track(ev), e: ev, start: Date.now() };
  here = e;
}

const frac = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10000) / 10000;

/**
 * Taps on the current page inside `root`, as fractions of the page box; passive listeners that never stop a
 * click. Each is seen on its way down and recorded once the click's own listeners have run: as it bubbles out of
 * `root` (before the document's listener sends what is queued when a link leaves the page), or, for a click kept
 * by its target (a CTA button), in a task queued before anything its handler queued (a CTA's navigation); not
 * when the click was cancelled without bubbling up: the stage cancels the click that ends a drag (a link button
 * cancels its click but lets it bubble).
 */
export function watchTaps(root: EventTarget): () => void {
  const pending = new Map<Event, VisitorEvent>();
  const down = (ev: Event) => {
    const e = ev as MouseEvent;
    // keyboard "clicks" have no point
    if (disabled || !here || e.detail === 0) return;
    const r = (e.target as Element | null)?.closest?.('.vw-slide.is-current')?.getBoundingClientRect();
    if (!r || r.width <= 0 || r.height <= 0) return;
    const { siteId, pageId, lang } = here;
    pending.set(ev, {
      event: 'tap',
      siteId,
      pageId,
      lang,
      x: frac((e.clientX - r.left) / r.width),
      y: frac((e.clientY - r.top) / r.height),
    });
    setTimeout(() => {
      const tap = pending.get(ev);
      pending.delete(ev);
      if (tap && !ev.defaultPrevented) track(tap);
    });
  };
  const up = (ev: Event) => {
    const tap = pending.get(ev);
    pending.delete(ev);
    if (tap) track(tap);
  };
  root.addEventListener('click', down, { capture: true, passive: true });
  root.addEventListener('click', up, { passive: true });
  return () => {
    root.removeEventListener('click', down, { capture: true });
    root.removeEventListener('click', up);
  };
}

/** Preview views record nothing. */
export function disableAnalytics(): void {
  disabled = true;
  queue = [];
  view = null;
}

/**
 * The viewer leaves the page itself (a CTA to a form): the page's leave is recorded now; once the click's own
 * listeners have run (the tap on the page, recorded as the click bubbles up), everything queued goes by beacon and
 * then `go` navigates (a beacon sent before the navigation starts outlives the page).
 */
export function leaveThen(go: () => void): void {
  leave();
  setTimeout(() => {
    flush(true);
    go();
  });
}

/** A click that loads another document in this tab: a plain click on an http(s) link without a target. */
function leavesBy(ev: MouseEvent): boolean {
  if (ev.defaultPrevented || ev.button || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return false;
  const a = (ev.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || a.download || (a.target && a.target !== '_self') || !/^https?:$/.test(a.protocol)) return false;
  // a link to a fragment of this very document only scrolls
  return !(a.hash && a.href.split('#')[0] === location.href.split('#')[0]);
}

if (typeof window !== 'undefined') {
  const hide = () => {
    leave();
    flush(true);
  };
  // The back button, a typed address, a reload, a closed tab: the page is hidden, then gone.
  addEventListener('pagehide', hide);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') hide();
  });
  // The viewer's own links (the language menu, the logo, sign-in): sent as the click ends, before the navigation
  // starts (bubbling, so the tap on the page is queued first and a link whose click was cancelled stays).
  document.addEventListener('click', (ev) => {
    if (leavesBy(ev as MouseEvent)) hide();
  });
  // Back from another site into the page kept in the back/forward cache: the visitor sees it again, a new view.
  addEventListener('pageshow', (ev) => {
    if ((ev as PageTransitionEvent).persisted && here && !view) pageView(here);
  });
}
