import { GrowthBook } from '@growthbook/growthbook';
import { describe, expect, it } from 'vitest';
import { chiSquareFit, experimentStats } from './experiment-stats.js';
import { assignVariation, bucketRanges, fnv1a32, hashV2, parseVariationToken, variationToken } from './experiments.js';

// Assignment is GrowthBook's, checked against its SDK (a dev dependency, used only here) on 10,000 visitor ids.

/** Visitor ids as browsers would carry them: random-looking, of several lengths and alphabets. */
function visitorIds(n: number, seed = 7): string[] {
  // mulberry32: a seeded generator whose low bits are as random as its high ones
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  return Array.from({ length: n }, (_, i) => {
    const len = 16 + (next() % 49);
    let id = '';
    for (let k = 0; k < len; k++) id += alphabet[next() % alphabet.length];
    return i % 1000 === 0 ? `${id}日本` : id;
  });
}

describe('GrowthBook v2 hash', () => {
  it('FNV-1a 32 bits gives the published test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashV2 is in [0, 1) in steps of 1/10,000', () => {
    const h = hashV2('seed', 'visitor');
    expect(h).toBeGreaterThanOrEqual(0);
    expect(h).toBeLessThan(1);
    expect(Math.round(h * 10_000)).toBeCloseTo(h * 10_000, 9);
  });

  it('bucket ranges lay the weights end to end, each cut to the coverage', () => {
    expect(bucketRanges(2, 0.5, [0.5, 0.5])).toEqual([
      [0, 0.25],
      [0.5, 0.75],
    ]);
    // weights not summing to 1 are equal ones
    expect(bucketRanges(2, 1, [0.2, 0.2])).toEqual([
      [0, 0.5],
      [0.5, 1],
    ]);
  });

  const configs = [
    { key: 'exp-1', seed: 'exp-1', weights: [50, 50], coverage: 100 },
    { key: 'exp-2', seed: '5b0e3c2a-seed', weights: [20, 30, 50], coverage: 100 },
    { key: 'exp-3', seed: 'another', weights: [34, 33, 33], coverage: 60 },
    { key: 'exp-4', seed: 'x', weights: [10, 90], coverage: 25 },
  ];
  for (const c of configs)
    it(`equals the SDK's assignment on 10,000 visitor ids (weights ${c.weights.join('/')}, coverage ${c.coverage} %)`, () => {
      const gb = new GrowthBook({ attributes: {} });
      let differ = 0;
      const seen = new Set<number>();
      for (const id of visitorIds(10_000, c.weights.length * 31 + c.coverage)) {
        gb.setAttributes({ id });
        const sdk = gb.run({
          key: c.key,
          seed: c.seed,
          hashVersion: 2,
          variations: c.weights.map((_, i) => i) as [number, number, ...number[]],
          weights: c.weights.map((w) => w / 100),
          coverage: c.coverage / 100,
        });
        const ours = assignVariation({ seed: c.seed, weights: c.weights, coverage: c.coverage }, id);
        const theirs = sdk.inExperiment ? sdk.variationId : -1;
        if (ours !== theirs) differ++;
        seen.add(ours);
      }
      expect(differ).toBe(0);
      // every variation (and, under full coverage, no one outside) was reached
      expect(seen.size).toBe(c.weights.length + (c.coverage < 100 ? 1 : 0));
    });

  it('is sticky: the same visitor and seed always give the same variation', () => {
    const e = { seed: 's1', weights: [50, 50], coverage: 100 };
    for (const id of visitorIds(200)) expect(assignVariation(e, id)).toBe(assignVariation(e, id));
  });
});

describe('sample-ratio mismatch on 10,000 simulated visitors', () => {
  it('a 50/50 split made by the hash passes; a 45/55 skew of the same total raises it', () => {
    const counts = [0, 0];
    for (const id of visitorIds(10_000, 99)) {
      const v = assignVariation({ seed: 'srm-check', weights: [50, 50], coverage: 100 }, id);
      counts[v] = (counts[v] ?? 0) + 1;
    }
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(10_000);
    expect(new Set(visitorIds(10_000, 99)).size).toBe(10_000);
    const fair = chiSquareFit(counts, [50, 50]);
    expect(fair.p).toBeGreaterThan(0.001);
    const stats = experimentStats([
      { visitors: counts[0] as number, conversions: 500, weight: 50 },
      { visitors: counts[1] as number, conversions: 500, weight: 50 },
    ]);
    expect(stats.srm.mismatch).toBe(false);

    // 4,500 / 5,500 against 5,000 expected each: chi2 = 2 * 500^2 / 5,000 = 100 (by hand), p = erfc(sqrt(50)) ~ 1.5e-23
    const skew = chiSquareFit([4500, 5500], [50, 50]);
    expect(skew.chi2).toBeCloseTo(100, 9);
    expect(skew.p).toBeLessThan(1e-20);
    const broken = experimentStats([
      { visitors: 4500, conversions: 500, weight: 50 },
      { visitors: 5500, conversions: 700, weight: 50 },
    ]);
    expect(broken.srm.mismatch).toBe(true);
    expect(broken.verdict).toBe('srm');
    expect(broken.winner).toBeNull();
  });

  it('is measured against the configured weights: 2,000 / 8,000 is right for 20/80', () => {
    expect(chiSquareFit([2000, 8000], [20, 80]).chi2).toBe(0);
    expect(chiSquareFit([2000, 8000], [20, 80]).p).toBe(1);
  });
});

describe('variation tokens', () => {
  it('round-trip ids, dropping malformed parts and repeats', () => {
    expect(variationToken([3, 12])).toBe('3.12');
    expect(parseVariationToken('3.12')).toEqual([3, 12]);
    expect(parseVariationToken('3.x.12.3.-1.0')).toEqual([3, 12]);
    expect(parseVariationToken('')).toEqual([]);
    expect(parseVariationToken(null)).toEqual([]);
  });
});
