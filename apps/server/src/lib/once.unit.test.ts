import { describe, expect, it } from 'vitest';
import { onceAsync } from './once.js';

describe('onceAsync', () => {
  it('runs the work once for callers at the same time and after', async () => {
    let runs = 0;
    const get = onceAsync(async () => ++runs);
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    expect(await get()).toBe(1);
    expect(runs).toBe(1);
  });

  it('forgets a failure: the next call runs the work again', async () => {
    let runs = 0;
    const get = onceAsync(async () => {
      runs++;
      if (runs === 1) throw new Error('transient');
      return 'made';
    });
    await expect(get()).rejects.toThrow('transient');
    expect(await get()).toBe('made');
    expect(await get()).toBe('made');
    expect(runs).toBe(2);
  });
});
