import { describe, expect, it } from 'vitest';
import { chanceBBeatsA, chiSquareFit, experimentStats, gammaQ, MIN_CONVERSIONS, MIN_VISITORS, relativeUplift } from './experiment-stats.js';

// The statistics against values computed here independently: Evan Miller's closed form for two Beta
// distributions (with this file's own log-gamma), a Monte Carlo of the uplift, and p-values known by hand.

/** ln Γ(x): Stirling's series after shifting x above 10 (independent of the module's Lanczos). */
function lnGamma(x: number): number {
  let shift = 0;
  let v = x;
  while (v < 10) {
    shift -= Math.log(v);
    v += 1;
  }
  const f = 1 / (v * v);
  return shift + (v - 0.5) * Math.log(v) - v + 0.5 * Math.log(2 * Math.PI) + (1 / v) * (1 / 12 - f * (1 / 360 - f * (1 / 1260 - f / 1680)));
}
const lnBeta = (a: number, b: number) => lnGamma(a) + lnGamma(b) - lnGamma(a + b);

/** Evan Miller: P(p_B > p_A) = sum_{i=0}^{aB-1} B(aA+i, bA+bB) / ((bB+i) B(1+i, bB) B(aA, bA)). */
function evanMiller(aA: number, bA: number, aB: number, bB: number): number {
  let total = 0;
  for (let i = 0; i < aB; i++) total += Math.exp(lnBeta(aA + i, bA + bB) - Math.log(bB + i) - lnBeta(1 + i, bB) - lnBeta(aA, bA));
  return total;
}

/** Beta(1 + conversions, 1 + visitors - conversions) of a variation. */
const post = (visitors: number, conversions: number) => [1 + conversions, 1 + visitors - conversions] as const;

describe('chance to beat control', () => {
  const pairs: [number, number, number, number][] = [
    // control visitors, conversions; variation visitors, conversions
    [100, 10, 100, 15],
    [1000, 50, 1000, 62],
    [5000, 200, 5000, 230],
    [40, 3, 40, 1],
    [50, 0, 50, 2],
    [1000, 120, 1000, 120],
    [20_000, 900, 19_500, 1000],
    [300, 290, 300, 295],
  ];
  for (const [nA, cA, nB, cB] of pairs)
    it(`equals Evan Miller's closed form within 0.5 % for ${cA}/${nA} vs ${cB}/${nB}`, () => {
      const [aA, bA] = post(nA, cA);
      const [aB, bB] = post(nB, cB);
      const exact = evanMiller(aA, bA, aB, bB);
      expect(exact).toBeGreaterThan(0);
      expect(exact).toBeLessThan(1);
      expect(Math.abs(chanceBBeatsA(aA, bA, aB, bB) - exact)).toBeLessThan(0.005);
    });

  it('is one half for identical counts and complementary when the two swap', () => {
    const [a, b] = post(1000, 120);
    expect(chanceBBeatsA(a, b, a, b)).toBeCloseTo(0.5, 3);
    const [aA, bA] = post(100, 10);
    const [aB, bB] = post(100, 15);
    expect(chanceBBeatsA(aA, bA, aB, bB) + chanceBBeatsA(aB, bB, aA, bA)).toBeCloseTo(1, 3);
  });
});

/** Beta draws by two gamma draws (Marsaglia-Tsang), from a seeded generator. */
function betaSampler(seed: number) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
  const gamma = (k: number): number => {
    const d = k - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = uniform();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  return (a: number, b: number) => {
    const x = gamma(a);
    return x / (x + gamma(b));
  };
}

describe('relative uplift and its 95 % credible interval', () => {
  it('matches a Monte Carlo of the two posteriors (100,000 draws)', () => {
    const [aA, bA] = post(10_000, 500);
    const [aB, bB] = post(10_000, 560);
    const draw = betaSampler(42);
    const ratios = Array.from({ length: 100_000 }, () => draw(aB, bB) / draw(aA, bA) - 1).sort((x, y) => x - y);
    const q = (p: number) => ratios[Math.floor(p * ratios.length)] as number;
    const mean = ratios.reduce((s, x) => s + x, 0) / ratios.length;
    const u = relativeUplift(aA, bA, aB, bB);
    expect(Math.abs(u.lower - q(0.025))).toBeLessThan(0.005);
    expect(Math.abs(u.upper - q(0.975))).toBeLessThan(0.005);
    expect(Math.abs(u.expected - mean)).toBeLessThan(0.003);
    // 560/500 - 1 = 12 %, by hand
    expect(u.expected).toBeGreaterThan(0.1);
    expect(u.expected).toBeLessThan(0.14);
  });
});

describe('p-values', () => {
  it('chi-square with 2 degrees of freedom is exp(-x/2) (by hand)', () => {
    expect(gammaQ(1, 5)).toBeCloseTo(Math.exp(-5), 12);
    // three variations equally weighted, 1,000 / 1,000 / 1,100: expected 1,033.33 each,
    // chi2 = (33.33^2 + 33.33^2 + 66.67^2) / 1,033.33 = 6.4516 (by hand), p = exp(-3.2258) = 0.0397
    const fit = chiSquareFit([1000, 1000, 1100], [1, 1, 1]);
    expect(fit.chi2).toBeCloseTo(6.4516, 3);
    expect(fit.p).toBeCloseTo(0.0397, 3);
  });
  it('chi-square with 1 degree of freedom at 3.841 is 0.05 (the table value)', () => {
    expect(gammaQ(0.5, 3.841459 / 2)).toBeCloseTo(0.05, 5);
    expect(gammaQ(0.5, 10.827566 / 2)).toBeCloseTo(0.001, 5);
  });
});

describe('verdicts', () => {
  const v = (visitors: number, conversions: number, weight = 50) => ({ visitors, conversions, weight });
  it('gives none before every variation has the minimum sample', () => {
    expect(MIN_VISITORS).toBe(100);
    expect(MIN_CONVERSIONS).toBe(10);
    expect(experimentStats([v(99, 10), v(100, 40)]).verdict).toBe('collecting');
    expect(experimentStats([v(100, 9), v(100, 40)]).verdict).toBe('collecting');
    expect(experimentStats([v(100, 10), v(100, 40)]).verdict).toBe('winner');
  });
  it('names the winner at 95 % or more, control at 5 % or less for every variation, else inconclusive', () => {
    const win = experimentStats([v(1000, 50), v(1000, 90)]);
    expect(win.verdict).toBe('winner');
    expect(win.winner).toBe(1);
    expect(win.variations[1]?.chanceToBeat).toBeGreaterThan(0.95);
    expect(experimentStats([v(1000, 90), v(1000, 50)]).verdict).toBe('control_wins');
    expect(experimentStats([v(1000, 50), v(1000, 52)]).verdict).toBe('inconclusive');
    // CV rate = conversions / visitors
    expect(win.variations[0]?.cvRate).toBe(0.05);
    expect(win.variations[1]?.cvRate).toBe(0.09);
  });
});
