import { SWIPE } from '@swipe/core/constants.ts';

// The 2D gesture state machine of the swipe engine: pure functions over pointer, wheel and key
// input. It decides the axis, how far the layer follows the finger, and whether a release moves
// to a neighbour. Directions name where the visitor goes: `right` = next category, `down` = next page.

export type Dir = 'up' | 'down' | 'left' | 'right';
export type Allowed = Record<Dir, boolean>;
export interface Offset {
  x: number;
  y: number;
}

export interface GestureConfig {
  threshold: number;
  resistanceRatio: number;
  longSwipesRatio: number;
  touchAngle: number;
  /** a release quicker than this after the drag started commits a short swipe */
  shortSwipeMs: number;
}
export const DEFAULT_GESTURE: GestureConfig = {
  threshold: SWIPE.threshold,
  resistanceRatio: SWIPE.resistanceRatio,
  longSwipesRatio: SWIPE.longSwipesRatio,
  touchAngle: SWIPE.touchAngle,
  shortSwipeMs: 300,
};

export type GestureState =
  | { kind: 'idle' }
  | { kind: 'pressed'; x0: number; y0: number; t0: number }
  /** x0/y0/t0 are reset where the threshold was crossed, so the layer starts moving from 0 */
  | { kind: 'dragging'; axis: 'x' | 'y'; x0: number; y0: number; t0: number; d: number }
  /** moved past the threshold but neither horizontally nor vertically enough: ignored until release */
  | { kind: 'ignored' };

export const IDLE: GestureState = { kind: 'idle' };

export function press(x: number, y: number, t: number): GestureState {
  return { kind: 'pressed', x0: x, y0: y, t0: t };
}

/** Where a drag along an axis by `d` pixels leads: negative d (finger left/up) goes right/down. */
export function dirOf(axis: 'x' | 'y', d: number): Dir {
  if (axis === 'x') return d < 0 ? 'right' : 'left';
  return d < 0 ? 'down' : 'up';
}

/** The layer offset for a raw drag: follows the finger, resisted when the move is not allowed. */
export function follow(axis: 'x' | 'y', d: number, allowed: Allowed, cfg: GestureConfig = DEFAULT_GESTURE): Offset {
  const dir = dirOf(axis, d);
  const v = allowed[dir] ? d : Math.sign(d) * Math.abs(d) ** cfg.resistanceRatio;
  return axis === 'x' ? { x: v, y: 0 } : { x: 0, y: v };
}

export function move(
  s: GestureState,
  x: number,
  y: number,
  t: number,
  allowed: Allowed,
  cfg: GestureConfig = DEFAULT_GESTURE,
): { state: GestureState; offset: Offset } {
  if (s.kind === 'pressed') {
    const dx = x - s.x0;
    const dy = y - s.y0;
    if (Math.hypot(dx, dy) < cfg.threshold) return { state: s, offset: { x: 0, y: 0 } };
    // Angle from the horizontal: a category change needs a clearly horizontal gesture (touch angle).
    const angle = (Math.atan2(Math.abs(dy), Math.abs(dx)) * 180) / Math.PI;
    const axis: 'x' | 'y' = angle <= cfg.touchAngle ? 'x' : 'y';
    return { state: { kind: 'dragging', axis, x0: x, y0: y, t0: t, d: 0 }, offset: { x: 0, y: 0 } };
  }
  if (s.kind === 'dragging') {
    const d = s.axis === 'x' ? x - s.x0 : y - s.y0;
    return { state: { ...s, d }, offset: follow(s.axis, d, allowed, cfg) };
  }
  return { state: s, offset: { x: 0, y: 0 } };
}

/**
 * Release: a long swipe (at least longSwipesRatio of the page) or a quick short one moves to the
 * neighbour in that direction, if allowed. Returns whether a drag happened (to swallow the click).
 */
export function release(
  s: GestureState,
  t: number,
  size: { width: number; height: number },
  allowed: Allowed,
  cfg: GestureConfig = DEFAULT_GESTURE,
): { state: GestureState; commit: Dir | null; dragged: boolean } {
  if (s.kind !== 'dragging') return { state: IDLE, commit: null, dragged: s.kind === 'ignored' };
  const span = s.axis === 'x' ? size.width : size.height;
  const dir = dirOf(s.axis, s.d);
  const long = Math.abs(s.d) >= span * cfg.longSwipesRatio;
  const short = t - s.t0 < cfg.shortSwipeMs && Math.abs(s.d) > 0;
  const commit = s.d !== 0 && allowed[dir] && (long || short) ? dir : null;
  return { state: IDLE, commit, dragged: true };
}

// Wheel: accumulate deltas; past thresholdDelta the page moves, then input is locked so a
// trackpad's inertia does not slide several pages.
export interface WheelState {
  x: number;
  y: number;
  last: number;
  lockedUntil: number;
}
export const WHEEL_IDLE: WheelState = { x: 0, y: 0, last: 0, lockedUntil: 0 };
const WHEEL_GAP_MS = 200;

export function wheel(s: WheelState, dx: number, dy: number, t: number, allowed: Allowed): { state: WheelState; commit: Dir | null } {
  if (t < s.lockedUntil) return { state: { ...s, last: t }, commit: null };
  const fresh = t - s.last > WHEEL_GAP_MS;
  let x = fresh ? 0 : s.x;
  let y = fresh ? 0 : s.y;
  // Horizontal only when the horizontal part is large enough (trackpads add small sideways noise).
  if (Math.abs(dx) > Math.abs(dy) && Math.abs(dx) >= SWIPE.wheelHorizontalDeltaLimit) x += dx;
  else if (Math.abs(dy) >= Math.abs(dx)) y += dy;
  let commit: Dir | null = null;
  if (Math.abs(x) >= SWIPE.wheelThresholdDelta && Math.abs(x) > Math.abs(y)) commit = x > 0 ? 'right' : 'left';
  else if (Math.abs(y) >= SWIPE.wheelThresholdDelta) commit = y > 0 ? 'down' : 'up';
  if (commit && !allowed[commit]) commit = null;
  if (commit) return { state: { x: 0, y: 0, last: t, lockedUntil: t + SWIPE.slideLockLongMs }, commit };
  return { state: { x, y, last: t, lockedUntil: s.lockedUntil }, commit: null };
}

const KEYS: Record<string, Dir> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  PageUp: 'up',
  PageDown: 'down',
};

/** Keyboard: arrows and page keys move when allowed. */
export function keyDir(key: string, allowed: Allowed): Dir | null {
  const d = KEYS[key];
  return d && allowed[d] ? d : null;
}
