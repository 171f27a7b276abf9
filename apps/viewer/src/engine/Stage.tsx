import { SWIPE } from '@swipe/core/constants.ts';
import { type ReactNode, startTransition, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { afterYield, whenIdle } from '../lib/yield.js';
import { type Dir, type GestureState, IDLE, keyDir, move, press, release, WHEEL_IDLE, type WheelState, wheel } from './gesture.js';
import { allowedFrom, type GridLike, neighbour, type Pos, samePos } from './grid.js';

export type SlideRole = 'current' | 'near' | 'kept';

export type MoveVia = 'touch' | 'mouse' | 'wheel' | 'key' | 'arrow';

export interface StageHandle {
  go(dir: Dir, via: MoveVia): void;
}

interface Props {
  grid: GridLike;
  pos: Pos;
  /** neighbours are drawn (after hydration; the server draws only the current page) */
  neighbours: boolean;
  /** keyboard and wheel input (off while a dialog is open) */
  inputEnabled: boolean;
  /** a page on the plane: the one in view, a neighbour, or one kept hidden after it left the plane */
  renderSlide: (p: Pos, role: SlideRole) => ReactNode;
  onMove: (to: Pos, dir: Dir, via: MoveVia) => void;
  handle?: React.Ref<StageHandle>;
  label: string;
  /** drawn over the plane, within the stage's box (the hover arrows: the stage ends above the popup) */
  children?: ReactNode;
}

const DURATION_MS = 320;
/** the longest a neighbour waits for an idle moment before it is drawn */
const NEIGHBOUR_IDLE_MS = 400;
/** how many pages that left the plane stay in the document, hidden */
const KEPT_HIDDEN = 4;
const EASE = 'cubic-bezier(0.22, 0.8, 0.24, 1)';
/** the directions, the most likely next moves first */
const DIRS: Dir[] = ['down', 'right', 'up', 'left'];
const OFFSETS: Record<Dir, [number, number]> = { right: [1, 0], left: [-1, 0], down: [0, 1], up: [0, -1] };

/**
 * The 2D swipe surface: the current page and its four neighbours on one plane moved with
 * `transform` (no React render while the finger moves). Touch, mouse drag, wheel and keys feed the
 * pure gesture machine in gesture.ts; a commit slides the plane, then the position changes.
 */
export function Stage({ grid, pos, neighbours, inputEnabled, renderSlide, onMove, handle, label, children }: Props) {
  const stage = useRef<HTMLDivElement>(null);
  const plane = useRef<HTMLDivElement>(null);
  const g = useRef<GestureState>(IDLE);
  const w = useRef<WheelState>(WHEEL_IDLE);
  const busyUntil = useRef(0);
  const swallowClick = useRef(false);
  const frame = useRef(0);
  /** a move (from this position) whose new position React has not drawn yet: the plane stays moved, input waits */
  const pending = useRef<Pos | null>(null);
  const latest = useRef({ grid, pos, onMove, inputEnabled });
  latest.current = { grid, pos, onMove, inputEnabled };

  const setPlane = useCallback((x: number, y: number, animate: boolean) => {
    const el = plane.current;
    if (!el) return;
    el.style.transition = animate ? `transform ${DURATION_MS}ms ${EASE}` : 'none';
    el.style.transform = `translate3d(${x}px, ${y}px, 0)`;
  }, []);

  const go = useCallback(
    (dir: Dir, via: MoveVia) => {
      const { grid: gr, pos: p } = latest.current;
      const now = performance.now();
      if (now < busyUntil.current || pending.current) return;
      const to = neighbour(gr, p, dir);
      if (!to) {
        setPlane(0, 0, true);
        return;
      }
      busyUntil.current = now + SWIPE.slideLockShortMs;
      const el = stage.current;
      const [ox, oy] = OFFSETS[dir];
      setPlane(-ox * (el?.clientWidth ?? 0), -oy * (el?.clientHeight ?? 0), true);
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        plane.current?.removeEventListener('transitionend', finish);
        // The new position renders in a task of its own: transitionend is dispatched inside a frame's
        // update, so a render here would be laid out and painted in that same task. The plane stays where
        // the slide ended until that render commits, and the layout effect below puts it back in the same
        // commit, so no frame shows the old page at the origin; input waits meanwhile (pending).
        pending.current = p;
        afterYield(() => latest.current.onMove(to, dir, via));
      };
      plane.current?.addEventListener('transitionend', finish);
      setTimeout(finish, DURATION_MS + 80);
    },
    [setPlane],
  );
  useImperativeHandle(handle, () => ({ go }), [go]);
  useLayoutEffect(() => {
    // any new position (the move's, or a jump from the menu that came first) puts the plane back
    if (pending.current && !samePos(pending.current, pos)) {
      pending.current = null;
      setPlane(0, 0, false);
    }
  }, [pos, setPlane]);

  const size = () => ({ width: stage.current?.clientWidth ?? 1, height: stage.current?.clientHeight ?? 1 });

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.button !== 0 || performance.now() < busyUntil.current || pending.current) return;
    g.current = press(e.clientX, e.clientY, e.timeStamp);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const s = g.current;
    if (s.kind === 'idle') return;
    const r = move(s, e.clientX, e.clientY, e.timeStamp, allowedFrom(grid, pos));
    if (s.kind === 'pressed' && r.state.kind === 'dragging') {
      // From here the stage owns the pointer: the page under the finger gets no click.
      try {
        stage.current?.setPointerCapture(e.pointerId);
      } catch {
        /* pointer already gone */
      }
    }
    g.current = r.state;
    if (r.state.kind === 'dragging') {
      cancelAnimationFrame(frame.current);
      const { x, y } = r.offset;
      frame.current = requestAnimationFrame(() => setPlane(x, y, false));
    }
  };
  const onPointerEnd = (e: React.PointerEvent) => {
    const s = g.current;
    if (s.kind === 'idle') return;
    const r = release(s, e.timeStamp, size(), allowedFrom(grid, pos));
    g.current = IDLE;
    cancelAnimationFrame(frame.current);
    if (r.dragged) {
      swallowClick.current = true;
      setTimeout(() => {
        swallowClick.current = false;
      }, 0);
    }
    if (r.commit) go(r.commit, e.pointerType === 'mouse' ? 'mouse' : 'touch');
    else if (r.dragged) setPlane(0, 0, true);
  };

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || !latest.current.inputEnabled) return;
      const { grid: gr, pos: p } = latest.current;
      const scale = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1;
      const r = wheel(w.current, e.deltaX * scale, e.deltaY * scale, e.timeStamp, allowedFrom(gr, p));
      w.current = r.state;
      if (r.commit) go(r.commit, 'wheel');
    };
    const onKey = (e: KeyboardEvent) => {
      if (!latest.current.inputEnabled || e.altKey || e.metaKey || e.ctrlKey) return;
      const tag = (e.target as HTMLElement | null)?.tagName;
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      const d = keyDir(e.key, allowedFrom(latest.current.grid, latest.current.pos));
      if (d) {
        e.preventDefault();
        go(d, 'key');
      }
    };
    el.addEventListener('wheel', onWheel, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      el.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
    };
  }, [go]);

  // After a move, slides already on the plane stay; the new neighbours are added one at a time, each
  // when the browser is next idle (at the latest NEIGHBOUR_IDLE_MS later), so the move itself commits
  // quickly, no single task mounts several pages, and a page's images and layers are made while nothing
  // else runs (on a 2-core phone they share the cores with the main thread).
  const [drawnFor, setDrawnFor] = useState<{ p: Pos; n: number } | null>(null);
  const drawn = useRef(new Set<string | number>());
  /** the pages on the plane at the last commit, and before them a few that left it (oldest first) */
  const kept = useRef<Pos[]>([]);
  useEffect(() => {
    if (!neighbours) return;
    if (!drawnFor || !samePos(drawnFor.p, pos)) {
      startTransition(() => setDrawnFor({ p: pos, n: 0 }));
      return;
    }
    if (drawnFor.n >= 4) return;
    let live = true;
    whenIdle(() => {
      if (live) startTransition(() => setDrawnFor({ p: pos, n: drawnFor.n + 1 }));
    }, NEIGHBOUR_IDLE_MS);
    return () => {
      live = false;
    };
  }, [neighbours, pos, drawnFor]);
  const idOf = (p: Pos) => grid.categories[p.col]?.pages[p.row]?.id ?? `${p.col}-${p.row}`;
  /** the neighbours of this position, the most likely next moves first */
  const around = DIRS.flatMap((dir) => {
    const p = neighbour(grid, pos, dir);
    return p ? [{ p, dir }] : [];
  });
  const slides: { p: Pos; dir: Dir | null }[] = [{ p: pos, dir: null }];
  if (neighbours) {
    let added = 0;
    const budget = drawnFor && samePos(drawnFor.p, pos) ? drawnFor.n : 0;
    for (const n of around) {
      if (drawn.current.has(idOf(n.p))) slides.push(n);
      else if (added < budget) {
        added++;
        slides.push(n);
      }
    }
  }
  // Pages that were on the plane a moment ago stay in the document, hidden, a few of them: going back to
  // them shows what is there (their images, an HTML button's frame, which is a document of its own and
  // the costliest thing to make) instead of drawing them again. Every slide keeps its place in the
  // document (grid order), since moving a frame in the document would load it again.
  const shown = new Set(slides.map((x) => idOf(x.p)));
  const all: { p: Pos; dir: Dir | null; hidden: boolean }[] = slides.map((x) => ({ ...x, hidden: false }));
  for (const k of kept.current) if (!shown.has(idOf(k))) all.push({ p: k, dir: null, hidden: true });
  all.sort((a, b) => a.p.col - b.p.col || a.p.row - b.p.row);
  useLayoutEffect(() => {
    // A kept page that is a neighbour here waits for its turn to be shown: it stays whatever its age (dropped
    // now, it would be drawn again a moment later, its HTML-button frames loaded again); of the others, the
    // most recent few stay.
    const next = new Set(around.map((n) => idOf(n.p)));
    const recent = kept.current.filter((k) => !shown.has(idOf(k)));
    const waiting = recent.filter((k) => next.has(idOf(k)));
    const others = recent.filter((k) => !next.has(idOf(k)));
    kept.current = [...others.slice(Math.max(0, others.length - KEPT_HIDDEN)), ...waiting, ...slides.map((x) => x.p)];
    // only what was shown: a kept page becoming a neighbour again is shown in its turn like a new one
    drawn.current = shown;
  });
  return (
    <section
      ref={stage}
      className="vw-stage"
      aria-roledescription="carousel"
      aria-label={label}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onClickCapture={(e) => {
        if (swallowClick.current) {
          e.stopPropagation();
          e.preventDefault();
        }
      }}
      onDragStart={(e) => e.preventDefault()}
    >
      <div ref={plane} className="vw-plane">
        {all.map(({ p, dir, hidden }) => {
          const [ox, oy] = dir ? OFFSETS[dir] : [0, 0];
          const current = !dir && !hidden;
          return (
            <div
              key={idOf(p)}
              className={`vw-slide${current ? ' is-current' : ''}`}
              style={dir ? { transform: `translate3d(${ox * 100}%, ${oy * 100}%, 0)` } : undefined}
              hidden={hidden || undefined}
              aria-hidden={current ? undefined : true}
              inert={current ? undefined : true}
            >
              {renderSlide(p, current ? 'current' : hidden ? 'kept' : 'near')}
            </div>
          );
        })}
      </div>
      {children}
    </section>
  );
}
