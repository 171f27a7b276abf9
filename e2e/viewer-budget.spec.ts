import { buildViewerIfStale, FIRST_LOAD_BUDGET, firstLoadJs } from '@swipe/viewer/testing/harness.ts';
import { describe, expect, it } from 'vitest';

// The viewer's first load in the production build, as a test (the bench prints the same figures): under the
// budget in gzip, every file of it with V8's compile hint on its first line, hls.js and the tap actions outside it.
describe('the viewer first load', () => {
  it('stays under its budget, hinted, with the lazy parts outside it', () => {
    const dist = buildViewerIfStale();
    const js = firstLoadJs(dist);
    expect(js.files.length).toBeGreaterThan(0);
    expect(js.gzip).toBeLessThan(FIRST_LOAD_BUDGET);
    expect(js.hinted).toBe(true);
    expect(js.hlsInFirstLoad).toBe(false);
    // what a tap does (app/act.ts) is fetched once the page is ready, never with the first load
    expect(js.files.some((f) => /(^|\/)act-/.test(f))).toBe(false);
  });
});
