import { japanDay, lettersToColumn } from '@swipe/core';
import { DWELL_BUCKETS, DWELL_CAP_MS, TAP_GRID_COLS, TAP_GRID_ROWS } from './store.js';

// The rollups' definitions written plainly in TypeScript over raw events: the tests' yardstick for the
// SQL in rollups.repo.ts (the two must agree on every random stream). Not used at run time.

export interface RawEvent {
  eventId: string;
  sessionId: string | null;
  pageId: number | null;
  event: string;
  at: Date;
  dwellMs: number | null;
  x: number | null;
  y: number | null;
  data: Record<string, string>;
}

export type Rows = Record<string, Record<string, unknown>[]>;

const key = (e: RawEvent) => `${e.eventId}|${e.at.getTime()}`;
const before = (a: RawEvent, b: RawEvent) => (a.at.getTime() !== b.at.getTime() ? a.at.getTime() < b.at.getTime() : a.eventId < b.eventId);
const utmOf = (e: RawEvent) => ['source', 'medium', 'campaign'].map((k) => (e.data[`utm_${k}`] ?? '').slice(0, 200));
const colOf = (code: string | undefined): number | null => {
  const m = /^([A-Za-z]{1,2})[0-9]{1,3}$/.exec(code ?? '');
  return m ? lettersToColumn(m[1] as string) - 1 : null;
};

/** Every rollup row of one site-day, as the tables hold them (sorted by their keys). */
export function expectedRollups(all: RawEvent[], siteId: number, day: string, grid: Map<number, number>): Rows {
  const seen = new Set<string>();
  const ev = all.filter((e) => japanDay(e.at) === day && !seen.has(key(e)) && seen.add(key(e)));
  const pv = ev.filter((e) => e.event === 'page_view' && e.pageId !== null && e.sessionId !== null);
  const cvBySession = new Map<string, number>();
  for (const e of ev) if (e.event === 'conversion' && e.sessionId) cvBySession.set(e.sessionId, (cvBySession.get(e.sessionId) ?? 0) + 1);

  const sessions: Record<string, unknown>[] = [];
  for (const sid of [...new Set(pv.map((e) => e.sessionId as string))].sort()) {
    const mine = pv.filter((e) => e.sessionId === sid);
    const any = ev.filter((e) => e.sessionId === sid);
    const first = mine.reduce((a, b) => (before(b, a) ? b : a));
    const last = mine.reduce((a, b) => (before(a, b) ? b : a));
    const onGrid = mine.filter((e) => grid.has(e.pageId as number));
    const deepest = onGrid.length
      ? onGrid.reduce((a, b) => ((grid.get(b.pageId as number) ?? 0) > (grid.get(a.pageId as number) ?? 0) ? b : a))
      : null;
    const tagged = mine.filter((e) => utmOf(e).some((v) => v !== '')).sort((a, b) => (before(a, b) ? -1 : 1));
    const [s, m, c] = tagged[0] ? utmOf(tagged[0]) : ['', '', ''];
    sessions.push({
      session_id: sid,
      first_at: Math.min(...any.map((e) => e.at.getTime())),
      last_at: Math.max(...any.map((e) => e.at.getTime())),
      page_views: mine.length,
      deepest_page_id: deepest?.pageId ?? null,
      deepest_index: deepest ? grid.get(deepest.pageId as number) : null,
      entry_page_id: first.pageId,
      exit_page_id: last.pageId,
      converted: any.some((e) => e.event === 'conversion'),
      utm_source: s,
      utm_medium: m,
      utm_campaign: c,
    });
  }

  const isCta = (e: RawEvent) => e.event === 'click_cta_btn' || e.event === 'click_popup_cta';
  const site = ev.length
    ? [
        {
          site_id: siteId,
          visitors: new Set(pv.map((e) => e.sessionId)).size,
          page_views: ev.filter((e) => e.event === 'page_view' && e.pageId !== null).length,
          cta_clicks: ev.filter(isCta).length,
          conversions: ev.filter((e) => e.event === 'conversion').length,
        },
      ]
    : [];

  const pages: Record<string, unknown>[] = [];
  for (const pageId of [...new Set(ev.filter((e) => e.pageId !== null).map((e) => e.pageId as number))].sort((a, b) => a - b)) {
    const on = ev.filter((e) => e.pageId === pageId);
    const views = on.filter((e) => e.event === 'page_view');
    const leaves = on.filter((e) => e.event === 'page_leave' && e.dwellMs !== null && e.dwellMs >= 0);
    const hist = new Array<number>(DWELL_BUCKETS).fill(0);
    for (const l of leaves) {
      const b = Math.min(DWELL_BUCKETS - 1, Math.floor((l.dwellMs as number) / 1000));
      hist[b] = (hist[b] ?? 0) + 1;
    }
    pages.push({
      page_id: pageId,
      views: views.length,
      visitors: new Set(views.filter((e) => e.sessionId !== null).map((e) => e.sessionId)).size,
      exits: sessions.filter((s) => s.exit_page_id === pageId).length,
      cta_clicks: on.filter(isCta).length,
      conversions: on.filter((e) => e.event === 'conversion').length,
      dwell_n: leaves.length,
      dwell_sum_ms: leaves.reduce((t, l) => t + Math.min(l.dwellMs as number, DWELL_CAP_MS), 0),
      dwell_hist: hist,
      deepest: sessions.filter((s) => s.deepest_page_id === pageId).length,
      entries: sessions.filter((s) => s.entry_page_id === pageId).length,
    });
  }

  const moves = new Map<string, Set<string>>();
  for (const e of ev) {
    if (e.event !== 'slide_page' || !e.sessionId) continue;
    const f = colOf(e.data.from);
    const t = colOf(e.data.to);
    if (f === null || t === null) continue;
    const k = `${f}|${t}`;
    moves.set(k, (moves.get(k) ?? new Set()).add(e.sessionId));
  }
  const taps = new Map<string, number>();
  for (const e of ev) {
    if (e.event !== 'tap' || e.pageId === null || e.x === null || e.y === null) continue;
    const gx = Math.min(TAP_GRID_COLS - 1, Math.max(0, Math.floor(e.x * TAP_GRID_COLS)));
    const gy = Math.min(TAP_GRID_ROWS - 1, Math.max(0, Math.floor(e.y * TAP_GRID_ROWS)));
    const k = `${e.pageId}|${gx}|${gy}`;
    taps.set(k, (taps.get(k) ?? 0) + 1);
  }
  const utm = new Map<string, { visitors: number; conversions: number }>();
  for (const s of sessions) {
    const k = `${s.utm_source}|${s.utm_medium}|${s.utm_campaign}`;
    const u = utm.get(k) ?? { visitors: 0, conversions: 0 };
    u.visitors++;
    u.conversions += cvBySession.get(s.session_id as string) ?? 0;
    utm.set(k, u);
  }
  const num = (a: string[], b: string[]) => {
    for (let i = 0; i < a.length; i++)
      if (a[i] !== b[i]) return Number(a[i]) - Number(b[i]) || ((a[i] as string) < (b[i] as string) ? -1 : 1);
    return 0;
  };
  return {
    site_days: site,
    page_days: pages,
    sessions,
    move_days: [...moves]
      .map(([k, s]) => [k.split('|'), s.size] as const)
      .sort((a, b) => num(a[0], b[0]))
      .map(([[f, t], v]) => ({ from_col: Number(f), to_col: Number(t), visitors: v })),
    tap_days: [...taps]
      .map(([k, n]) => [k.split('|'), n] as const)
      .sort((a, b) => num(a[0], b[0]))
      .map(([[p, gx, gy], n]) => ({ page_id: Number(p), gx: Number(gx), gy: Number(gy), taps: n })),
    utm_days: [...utm]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([k, u]) => {
        const [source, medium, campaign] = k.split('|');
        return { source, medium, campaign, ...u };
      }),
  };
}
