import { type ReactNode, Suspense } from 'react';
import { afterYield } from './yield.js';

// Hydration in steps. The server-rendered page is already visible, so hydration only wires it up; on the
// viewer's runtime (Preact) one hydration is one task, and on a slow phone the whole tree was a long task
// of its own. A part wrapped in <Later step={n}> keeps its server markup through the first pass and is
// hydrated n tasks later, each step in a task of its own: the swipe surface first, then the page in view,
// the chrome and the popup.
//
// Preact keeps a suspended part's DOM while hydrating and resumes on that DOM when the promise settles, for
// a part that renders exactly one element (its markup is the one node kept). So <Later> wraps only parts
// that render one element on the server and at hydration alike. A render of the whole tree before a step's
// turn (a state change) hydrates the part then: it only suspends during the first pass.

let firstPass = false;
const steps: Promise<void>[] = [];
const ready = new Set<number>();

/** The promise of step n: settles n tasks after the first pass, one task after step n - 1. */
function stepDone(n: number): Promise<void> {
  let p = steps[n];
  if (!p) {
    const before = n <= 1 ? Promise.resolve() : stepDone(n - 1);
    p = before
      .then(() => new Promise<void>((resolve) => afterYield(resolve)))
      .then(() => {
        ready.add(n);
      });
    steps[n] = p;
  }
  return p;
}

function Step({ n, wait, children }: { n: number; wait: boolean; children: ReactNode }) {
  if (wait && firstPass && !ready.has(n)) throw stepDone(n);
  return <>{children}</>;
}

/**
 * A part of the page hydrated `step` tasks after the rest (step >= 1); rendered at once on the server.
 * `one` says the part renders exactly one element now (default true); a part that renders nothing is
 * not waited for (there is no markup to keep).
 */
export function Later({ step, one = true, children }: { step: number; one?: boolean; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Step n={step} wait={one}>
        {children}
      </Step>
    </Suspense>
  );
}

/** Runs the first hydration pass: <Later> parts inside it wait for their step. */
export function firstHydration(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
}
