// Experiments: which variation a visitor sees. The split is GrowthBook's (v2 hash and bucket ranges), so anyone
// can reproduce it from the experiment's seed, its weights and coverage and the visitor's id: the same visitor
// gets the same variation on every page and visit, and a share `coverage` of visitors takes part at all.
// Pure and small: it runs on the server; the viewer receives the chosen variation in the rendered HTML.

/** FNV-1a, 32 bits, over UTF-16 code units (GrowthBook's hashFnv32a). */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h += (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24);
  }
  return h >>> 0;
}

/** GrowthBook's hash version 2: a number in [0, 1) in steps of 1/10,000, unbiased across seeds. */
export function hashV2(seed: string, value: string): number {
  return (fnv1a32(`${fnv1a32(seed + value)}`) % 10_000) / 10_000;
}

export type BucketRange = [number, number];

/**
 * The hash range of each variation (GrowthBook's getBucketRanges): weights laid end to end over [0, 1), each
 * range covering its weight times `coverage`. Invalid weights (wrong count, not summing to 1 within 1 %) are equal ones.
 */
export function bucketRanges(n: number, coverage = 1, weights?: readonly number[]): BucketRange[] {
  const c = Math.min(1, Math.max(0, coverage));
  const equal = Array.from({ length: n }, () => 1 / n);
  let w: readonly number[] = weights && weights.length === n ? weights : equal;
  const total = w.reduce((s, x) => s + x, 0);
  if (total < 0.99 || total > 1.01) w = equal;
  let cumulative = 0;
  return w.map((x) => {
    const start = cumulative;
    cumulative += x;
    return [start, start + c * x];
  });
}

/** The variation whose range holds `n`, or -1 (outside every range: not in the experiment). */
export function chooseVariation(n: number, ranges: readonly BucketRange[]): number {
  for (let i = 0; i < ranges.length; i++) {
    const r = ranges[i] as BucketRange;
    if (n >= r[0] && n < r[1]) return i;
  }
  return -1;
}

/** What assignment needs of an experiment: its seed, variations' weights (in percent) and coverage (percent). */
export interface AssignableExperiment {
  seed: string;
  /** one per variation, control first; whole percents summing to 100 */
  weights: readonly number[];
  /** the share of visitors in the experiment, 1..100 percent */
  coverage: number;
}

/** The index of the visitor's variation (0 = control), or -1 when the visitor is outside the coverage. */
export function assignVariation(e: AssignableExperiment, visitorId: string): number {
  if (!visitorId || e.weights.length < 2) return -1;
  const ranges = bucketRanges(
    e.weights.length,
    e.coverage / 100,
    e.weights.map((w) => w / 100),
  );
  return chooseVariation(hashV2(e.seed, visitorId), ranges);
}

/** The visitor id cookie of experiments (viewer.md: session_user_id, 3,650 days). */
export const EXPERIMENT_VISITOR_COOKIE = 'session_user_id';
export const EXPERIMENT_ID_COOKIE = 'experiment_id';
export const VARIATION_ID_COOKIE = 'variation_id';
/** viewer.md 9: the session id and variation id cookies live 3,650 days. */
export const VARIATION_COOKIE_MAX_AGE_S = 3650 * 86_400;
/** A visitor id the server made or will accept: 16 to 64 of [A-Za-z0-9_-]. */
export const VISITOR_ID_PATTERN = /^[\w-]{16,64}$/;

/**
 * A visitor's variations as one token: the variation ids, one per experiment it takes part in, in experiment order,
 * joined by dots ('' = none). The viewer passes it back on its page calls (`variation_id`), so every answer
 * is a function of its address.
 */
export function variationToken(ids: readonly number[]): string {
  return ids.join('.');
}

/** The variation ids of a token (at most 20, each a positive integer); malformed parts are dropped. */
export function parseVariationToken(token: string | null | undefined): number[] {
  if (!token) return [];
  const out: number[] = [];
  for (const part of token.split('.').slice(0, 20)) {
    if (!/^\d{1,15}$/.test(part)) continue;
    const n = Number(part);
    if (n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}
