// The statistics of an experiment's results, as GrowthBook and PostHog do them for a binomial metric (CV rate):
// - each variation's CV rate has the posterior Beta(1 + conversions, 1 + visitors - conversions) (prior Beta(1, 1));
// - the chance to beat control is P(rate of the variation > rate of control), integrated numerically;
// - the relative uplift (rate / control's rate - 1) with its 95 % credible interval, from the log-normal
//   approximation of the ratio (GrowthBook's: log of a Beta through digamma and trigamma);
// - a sample-ratio mismatch: a chi-square goodness-of-fit test of the visitors against the configured weights,
//   p < 0.001 says the split is broken and nothing else can be trusted;
// - no verdict before each variation has MIN_VISITORS visitors and MIN_CONVERSIONS conversions.

/** A verdict needs this many visitors in every variation (control included)... */
export const MIN_VISITORS = 100;
/** ...and this many conversions in every variation. */
export const MIN_CONVERSIONS = 10;
/** The p-value under which the split is said to be broken (sample-ratio mismatch). */
export const SRM_P_THRESHOLD = 0.001;
/** A variation wins at this chance to beat control or more (and loses at 1 minus it or less). */
export const WIN_CHANCE = 0.95;

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (LANCZOS[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a - 1 + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + 1 + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-14) break;
  }
  return h;
}

/** The regularized incomplete beta I_x(a, b): the CDF of Beta(a, b) at x. */
export function betaCdf(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

const betaLogPdf = (x: number, a: number, b: number) =>
  logGamma(a + b) - logGamma(a) - logGamma(b) + (a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x);

/**
 * P(X_B > X_A) for X_A ~ Beta(aA, bA), X_B ~ Beta(aB, bB): the integral of A's density times B's upper tail,
 * by Simpson's rule over A's mass (its mean +- 12 standard deviations, within [0, 1]).
 */
export function chanceBBeatsA(aA: number, bA: number, aB: number, bB: number): number {
  const mean = aA / (aA + bA);
  const sd = Math.sqrt((aA * bA) / ((aA + bA) ** 2 * (aA + bA + 1)));
  const lo = Math.max(0, mean - 12 * sd);
  const hi = Math.min(1, mean + 12 * sd);
  const n = 2000;
  const h = (hi - lo) / n;
  // at 0 A's density is bA when aA = 1 (B's tail is 1 there), else 0; at 1 B's tail is 0
  const f = (x: number) => (x <= 0 ? (aA === 1 ? bA : 0) : x >= 1 ? 0 : Math.exp(betaLogPdf(x, aA, bA)) * (1 - betaCdf(x, aB, bB)));
  let s = f(lo) + f(hi);
  for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * f(lo + i * h);
  return Math.min(1, Math.max(0, (s * h) / 3));
}

/** ψ(x), the digamma function, for x > 0. */
export function digamma(x: number): number {
  let r = 0;
  let v = x;
  while (v < 6) {
    r -= 1 / v;
    v += 1;
  }
  const f = 1 / (v * v);
  return r + Math.log(v) - 0.5 / v - f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f / 132))));
}

/** ψ₁(x), the trigamma function, for x > 0. */
export function trigamma(x: number): number {
  let r = 0;
  let v = x;
  while (v < 6) {
    r += 1 / (v * v);
    v += 1;
  }
  const f = 1 / (v * v);
  return r + 1 / v + f / 2 + (f / v) * (1 / 6 - f * (1 / 30 - f * (1 / 42 - f / 30)));
}

/** The standard normal CDF (Abramowitz-Stegun 7.1.26 through erf, error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** The regularized upper incomplete gamma Q(a, x) (series below a + 1, continued fraction above). */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lead));
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return Math.exp(lead) * h;
}

/** Chi-square goodness of fit of observed counts against expected shares (weights, any scale). */
export function chiSquareFit(observed: readonly number[], weights: readonly number[]): { chi2: number; df: number; p: number } {
  const total = observed.reduce((s, x) => s + x, 0);
  const wsum = weights.reduce((s, x) => s + x, 0);
  const df = observed.length - 1;
  if (total === 0 || wsum <= 0 || df < 1) return { chi2: 0, df: Math.max(df, 0), p: 1 };
  let chi2 = 0;
  observed.forEach((o, i) => {
    const e = (total * (weights[i] ?? 0)) / wsum;
    if (e > 0) chi2 += (o - e) ** 2 / e;
  });
  return { chi2, df, p: gammaQ(df / 2, chi2 / 2) };
}

export interface VariationCounts {
  visitors: number;
  conversions: number;
  /** the configured weight (percent) */
  weight: number;
}

export interface VariationStats {
  cvRate: number;
  /** P(this variation's CV rate > control's); null for control */
  chanceToBeat: number | null;
  /** relative uplift over control's CV rate: the posterior's expectation and 95 % credible interval; null for control */
  uplift: { expected: number; lower: number; upper: number } | null;
}

export type Verdict = 'srm' | 'collecting' | 'winner' | 'control_wins' | 'inconclusive';

export interface ExperimentStats {
  variations: VariationStats[];
  srm: { chi2: number; p: number; mismatch: boolean };
  /** every variation has MIN_VISITORS visitors and MIN_CONVERSIONS conversions */
  enoughData: boolean;
  verdict: Verdict;
  /** the index of the winning variation (verdict 'winner') */
  winner: number | null;
}

const Z95 = 1.959963984540054;

/** The posterior of the relative uplift of B over A, log-normal approximation (GrowthBook's). */
export function relativeUplift(aA: number, bA: number, aB: number, bB: number): { expected: number; lower: number; upper: number } {
  const mean = digamma(aB) - digamma(aB + bB) - (digamma(aA) - digamma(aA + bA));
  const sd = Math.sqrt(trigamma(aB) - trigamma(aB + bB) + trigamma(aA) - trigamma(aA + bA));
  return { expected: Math.exp(mean + (sd * sd) / 2) - 1, lower: Math.exp(mean - Z95 * sd) - 1, upper: Math.exp(mean + Z95 * sd) - 1 };
}

/** The results of an experiment's variations (control first). */
export function experimentStats(vs: readonly VariationCounts[]): ExperimentStats {
  const post = vs.map((v) => {
    const conv = Math.min(Math.max(0, v.conversions), Math.max(0, v.visitors));
    return { a: 1 + conv, b: 1 + Math.max(0, v.visitors) - conv };
  });
  const control = post[0] ?? { a: 1, b: 1 };
  const variations = vs.map((v, i): VariationStats => {
    const cvRate = v.visitors > 0 ? Math.min(v.conversions, v.visitors) / v.visitors : 0;
    if (i === 0) return { cvRate, chanceToBeat: null, uplift: null };
    const p = post[i] as { a: number; b: number };
    return { cvRate, chanceToBeat: chanceBBeatsA(control.a, control.b, p.a, p.b), uplift: relativeUplift(control.a, control.b, p.a, p.b) };
  });
  const fit = chiSquareFit(
    vs.map((v) => v.visitors),
    vs.map((v) => v.weight),
  );
  const srm = { chi2: fit.chi2, p: fit.p, mismatch: fit.p < SRM_P_THRESHOLD };
  const enoughData = vs.length >= 2 && vs.every((v) => v.visitors >= MIN_VISITORS && v.conversions >= MIN_CONVERSIONS);
  let verdict: Verdict = 'inconclusive';
  let winner: number | null = null;
  if (srm.mismatch) verdict = 'srm';
  else if (!enoughData) verdict = 'collecting';
  else {
    const chances = variations.slice(1).map((v) => v.chanceToBeat ?? 0);
    const best = Math.max(...chances);
    if (best >= WIN_CHANCE) {
      verdict = 'winner';
      winner = chances.indexOf(best) + 1;
    } else if (chances.every((c) => c <= 1 - WIN_CHANCE)) verdict = 'control_wins';
  }
  return { variations, srm, enoughData, verdict, winner };
}
