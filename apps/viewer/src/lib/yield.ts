// Running work in a later task of its own, so the current task (a module's evaluation, an input
// handler) ends first and the browser can paint or take input in between.

type SchedulerLike = { postTask?: (cb: () => void, o?: { priority?: 'user-blocking' | 'user-visible' | 'background' }) => unknown };
type IdleWindow = { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };

/** Runs fn in a new task soon (scheduler.postTask where there is one, else a zero timeout). */
export function afterYield(fn: () => void): void {
  const s = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (s?.postTask) s.postTask(fn, { priority: 'user-visible' });
  else setTimeout(fn, 0);
}

/** Runs fn when the browser is idle (at the latest after timeoutMs), else after a short timeout. */
export function whenIdle(fn: () => void, timeoutMs: number): void {
  const ric = (globalThis as IdleWindow).requestIdleCallback;
  if (ric) ric(fn, { timeout: timeoutMs });
  else setTimeout(fn, 50);
}
