import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterYield, whenIdle } from './yield.js';

const g = globalThis as { scheduler?: unknown; requestIdleCallback?: unknown };

describe('afterYield / whenIdle', () => {
  afterEach(() => {
    delete g.scheduler;
    delete g.requestIdleCallback;
    vi.useRealTimers();
  });

  it('runs in a later task, never inside the caller, and in the order asked', async () => {
    const seen: number[] = [];
    afterYield(() => seen.push(1));
    afterYield(() => seen.push(2));
    expect(seen).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    await vi.waitFor(() => expect(seen).toEqual([1, 2]));
  });

  it('uses scheduler.postTask where the browser has it', () => {
    const postTask = vi.fn();
    g.scheduler = { postTask };
    const fn = () => {};
    afterYield(fn);
    expect(postTask).toHaveBeenCalledWith(fn, { priority: 'user-visible' });
  });

  it('waits for an idle period with the given deadline, or a timer without requestIdleCallback', () => {
    const ric = vi.fn();
    g.requestIdleCallback = ric;
    const fn = () => {};
    whenIdle(fn, 2000);
    expect(ric).toHaveBeenCalledWith(fn, { timeout: 2000 });
    delete g.requestIdleCallback;
    vi.useFakeTimers();
    const later = vi.fn();
    whenIdle(later, 2000);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(later).toHaveBeenCalledOnce();
  });
});
