import { japanDay, lettersToColumn } from '@swipe/core';
import { INTERACTIONS, VISIT_GAP_MIN } from './repo/rebuild.js';
import { DWELL_BUCKETS, DWELL_CAP_MS, DWELL_MIN_MS, dwellBucket, TAP_GRID_COLS, TAP_GRID_ROWS } from './store.js';

// The rollups' definitions written plainly in TypeScript over raw events: the tests' yardstick for the
// SQL in repo/rollups.ts (the two must agree on every random stream). Not used at run time.

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

const GAP_MS = VISIT_GAP_MIN * 60_000;
const isPv = (e: RawEvent) => e.event === 'page_view' && e.pageId !== null;
const cmpOf = (e: RawEvent) => {
  if (!isPv(e)) return null;
  const u = utmOf(e);
  return u.some((v) => v !== '') ? u.join('\u001f') : null;
};
const str = (v: string | undefined) => (v ?? '').slice(0, 200);

interface Visit {
  visitor: string;
  events: RawEvent[];
}

/** A day's identified events split into visits (a gap over 30 minutes, a campaign change), page views required. */
function visitsOf(ev: RawEvent[]): Visit[] {
  const out: Visit[] = [];
  for (const visitor of [...new Set(ev.map((e) => e.sessionId).filter((s): s is string => s !== null))].sort()) {
    const mine = ev.filter((e) => e.sessionId === visitor).sort((a, b) => (before(a, b) ? -1 : 1));
    let cur: RawEvent[] = [];
    let campaign = '';
    let prev: RawEvent | null = null;
    const close = () => {
      if (cur.some(isPv)) out.push({ visitor, events: cur });
      cur = [];
    };
    for (const e of mine) {
      const cmp = cmpOf(e);
      if (prev === null || e.at.getTime() - prev.at.getTime() > GAP_MS) {
        close();
        campaign = '';
      }
      if (cmp !== null && cmp !== campaign) {
        close();
        campaign = cmp;
      }
      cur.push(e);
      prev = e;
    }
    close();
  }
  return out;
}

/** Every rollup row of one site-day, as the tables hold them (sorted by their keys). */
export function expectedRollups(all: RawEvent[], siteId: number, day: string, grid: Map<number, number>): Rows {
  const seen = new Set<string>();
  const ev = all.filter((e) => japanDay(e.at) === day && !seen.has(key(e)) && seen.add(key(e)));
  const visitNo = new Map<string, number>();
  const visits = visitsOf(ev).map((v) => {
    const pv = v.events.filter(isPv);
    const first = pv[0] as RawEvent;
    const last = pv[pv.length - 1] as RawEvent;
    const onGrid = pv.filter((e) => grid.has(e.pageId as number));
    const deepest = onGrid.length
      ? onGrid.reduce((a, b) => ((grid.get(b.pageId as number) ?? 0) > (grid.get(a.pageId as number) ?? 0) ? b : a))
      : null;
    const tagged = v.events.find((e) => cmpOf(e) !== null);
    const interactions = v.events.filter((e) => INTERACTIONS.includes(e.event)).length;
    const n = (visitNo.get(v.visitor) ?? 0) + 1;
    visitNo.set(v.visitor, n);
    return {
      visitor: v.visitor,
      visit_no: n,
      first_at: Math.min(...v.events.map((e) => e.at.getTime())),
      last_at: Math.max(...v.events.map((e) => e.at.getTime())),
      page_views: pv.length,
      interactions,
      conversions: v.events.filter((e) => e.event === 'conversion').length,
      bounced: pv.length === 1 && interactions === 0,
      entry_page_id: first.pageId,
      exit_page_id: last.pageId,
      deepest_page_id: deepest?.pageId ?? null,
      deepest_index: deepest ? grid.get(deepest.pageId as number) : null,
      utm_source: str(tagged?.data.utm_source),
      utm_medium: str(tagged?.data.utm_medium),
      utm_campaign: str(tagged?.data.utm_campaign),
      utm_term: str(tagged?.data.utm_term),
      utm_content: str(tagged?.data.utm_content),
      referrer_host: str(first.data.referrer),
      cv: v.events.filter((e) => e.event === 'conversion'),
    };
  });
  const counted = visits.flatMap((v) => v.cv.map((e) => ({ visitor: v.visitor, pageId: e.pageId })));
  const group = (vs: typeof visits) => ({
    visits: vs.length,
    visitors: new Set(vs.map((v) => v.visitor)).size,
    conversions: vs.reduce((t, v) => t + v.conversions, 0),
    converting_visitors: new Set(vs.filter((v) => v.conversions > 0).map((v) => v.visitor)).size,
    bounces: vs.filter((v) => v.bounced).length,
  });

  const isCta = (e: RawEvent) => e.event === 'click_cta_btn' || e.event === 'click_popup_cta';
  const g = group(visits);
  const site = ev.length
    ? [
        {
          site_id: siteId,
          visitors: g.visitors,
          page_views: ev.filter(isPv).length,
          cta_clicks: ev.filter(isCta).length,
          conversions: g.conversions,
          visits: g.visits,
          converting_visitors: g.converting_visitors,
          bounces: g.bounces,
          duration_sum_ms: visits.reduce((t, v) => t + v.last_at - v.first_at, 0),
        },
      ]
    : [];

  const pages: Record<string, unknown>[] = [];
  for (const pageId of [...new Set(ev.filter((e) => e.pageId !== null).map((e) => e.pageId as number))].sort((a, b) => a - b)) {
    const on = ev.filter((e) => e.pageId === pageId);
    const views = on.filter((e) => e.event === 'page_view');
    const leaves = on.filter((e) => e.event === 'page_leave' && e.dwellMs !== null && e.dwellMs >= DWELL_MIN_MS);
    const hist = new Array<number>(DWELL_BUCKETS).fill(0);
    for (const l of leaves) {
      const b = dwellBucket(l.dwellMs as number);
      hist[b] = (hist[b] ?? 0) + 1;
    }
    const cv = counted.filter((c) => c.pageId === pageId);
    pages.push({
      page_id: pageId,
      views: views.length,
      visitors: new Set(views.filter((e) => e.sessionId !== null).map((e) => e.sessionId)).size,
      exits: visits.filter((v) => v.exit_page_id === pageId).length,
      cta_clicks: on.filter(isCta).length,
      conversions: cv.length,
      converting_visitors: new Set(cv.map((c) => c.visitor)).size,
      dwell_n: leaves.length,
      dwell_sum_ms: leaves.reduce((t, l) => t + Math.min(l.dwellMs as number, DWELL_CAP_MS), 0),
      dwell_hist: hist,
      deepest: visits.filter((v) => v.deepest_page_id === pageId).length,
      entries: visits.filter((v) => v.entry_page_id === pageId).length,
      bounces: visits.filter((v) => v.entry_page_id === pageId && v.bounced).length,
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
  const byKey = <K extends string>(k: (v: (typeof visits)[number]) => K) => {
    const m = new Map<K, typeof visits>();
    for (const v of visits) m.set(k(v), [...(m.get(k(v)) ?? []), v]);
    return [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  };
  const num = (a: string[], b: string[]) => {
    for (let i = 0; i < a.length; i++)
      if (a[i] !== b[i]) return Number(a[i]) - Number(b[i]) || ((a[i] as string) < (b[i] as string) ? -1 : 1);
    return 0;
  };
  return {
    site_days: site,
    page_days: pages,
    move_days: [...moves]
      .map(([k, s]) => [k.split('|'), s.size] as const)
      .sort((a, b) => num(a[0], b[0]))
      .map(([[f, t], v]) => ({ from_col: Number(f), to_col: Number(t), visitors: v })),
    tap_days: [...taps]
      .map(([k, n]) => [k.split('|'), n] as const)
      .sort((a, b) => num(a[0], b[0]))
      .map(([[p, gx, gy], n]) => ({ page_id: Number(p), gx: Number(gx), gy: Number(gy), taps: n })),
    visits: visits.map(({ cv: _cv, ...v }) => v),
    utm_days: byKey((v) => [v.utm_source, v.utm_medium, v.utm_campaign, v.utm_term, v.utm_content].join('\u0000')).map(([k, vs]) => {
      const [source, medium, campaign, term, content] = k.split('\u0000');
      return { source, medium, campaign, term, content, ...group(vs) };
    }),
    referrer_days: byKey((v) => v.referrer_host).map(([host, vs]) => ({ host, ...group(vs) })),
  };
}
