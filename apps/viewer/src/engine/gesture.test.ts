import type { GridPage } from '@swipe/core';
import { SWIPE } from '@swipe/core/constants.ts';
import { describe, expect, it } from 'vitest';
import { type Allowed, IDLE, keyDir, move, press, release, WHEEL_IDLE, wheel } from './gesture.js';
import { allowedFrom, type GridLike, neighbour, pageCount } from './grid.js';

const ALL: Allowed = { up: true, down: true, left: true, right: true };
const NONE: Allowed = { up: false, down: false, left: false, right: false };
const size = { width: 390, height: 844 };

/** Drives a drag from (x0,y0) by (dx,dy) in `steps` moves over `ms`. */
function drag(dx: number, dy: number, ms: number, allowed = ALL, steps = 10) {
  let s = press(200, 400, 0);
  let offset = { x: 0, y: 0 };
  for (let i = 1; i <= steps; i++) {
    const r = move(s, 200 + (dx * i) / steps, 400 + (dy * i) / steps, (ms * i) / steps, allowed);
    s = r.state;
    offset = r.offset;
  }
  return { ...release(s, ms, size, allowed), offset, state: s };
}

describe('gesture: threshold and axis', () => {
  it('does not move before the threshold (taps stay taps)', () => {
    const s = press(0, 0, 0);
    const r = move(s, SWIPE.threshold - 1, 0, 10, ALL);
    expect(r.state.kind).toBe('pressed');
    expect(r.offset).toEqual({ x: 0, y: 0 });
    expect(release(r.state, 20, size, ALL)).toMatchObject({ commit: null, dragged: false });
  });
  it('starts from zero where the threshold was crossed', () => {
    let s = press(0, 0, 0);
    s = move(s, 60, 0, 10, ALL).state;
    expect(s).toMatchObject({ kind: 'dragging', axis: 'x' });
    expect(move(s, 100, 0, 20, ALL).offset).toEqual({ x: 40, y: 0 });
  });
  it('horizontal only within the touch angle, else vertical', () => {
    const within = Math.tan((SWIPE.touchAngle - 2) * (Math.PI / 180)) * 60;
    expect(move(press(0, 0, 0), 60, within, 5, ALL).state).toMatchObject({ axis: 'x' });
    const beyond = Math.tan((SWIPE.touchAngle + 5) * (Math.PI / 180)) * 60;
    expect(move(press(0, 0, 0), 60, beyond, 5, ALL).state).toMatchObject({ axis: 'y' });
    expect(move(press(0, 0, 0), 0, -70, 5, ALL).state).toMatchObject({ axis: 'y' });
  });
});

describe('gesture: release', () => {
  it('a long swipe moves in all four directions', () => {
    expect(drag(-300, 0, 900).commit).toBe('right');
    expect(drag(300, 0, 900).commit).toBe('left');
    expect(drag(0, -500, 900).commit).toBe('down');
    expect(drag(0, 500, 900).commit).toBe('up');
  });
  it('a slow drag under half the page snaps back', () => {
    const r = drag(-150, 0, 900);
    expect(r.commit).toBeNull();
    expect(r.dragged).toBe(true);
  });
  it('a quick short swipe moves', () => {
    expect(drag(-90, 0, 120).commit).toBe('right');
    expect(drag(0, -90, 120).commit).toBe('down');
  });
  it('long ratio is half the page size on each axis', () => {
    // 0.5 * 844 = 422 px vertically, counted from where the 50 px threshold was crossed
    expect(drag(0, -(422 + 55), 900, ALL, 200).commit).toBe('down');
    expect(drag(0, -(400 + 50), 900, ALL, 200).commit).toBeNull();
    expect(drag(-(195 + 55), 0, 900, ALL, 200).commit).toBe('right');
  });
  it('blocked directions resist and never commit', () => {
    const r = drag(0, -500, 100, { ...ALL, down: false });
    expect(r.commit).toBeNull();
    // 450 px past the threshold resisted with ratio 0.7: 450^0.7
    expect(r.offset.y).toBeCloseTo(-(450 ** SWIPE.resistanceRatio), 5);
    expect(Math.abs(r.offset.y)).toBeLessThan(100);
    expect(drag(300, 0, 100, NONE).commit).toBeNull();
  });
});

describe('wheel', () => {
  it('a wheel notch moves one page, then locks against inertia', () => {
    const a = wheel(WHEEL_IDLE, 0, 100, 1000, ALL);
    expect(a.commit).toBe('down');
    const b = wheel(a.state, 0, 100, 1100, ALL);
    expect(b.commit).toBeNull();
    const c = wheel(b.state, 0, -120, 1000 + SWIPE.slideLockLongMs + 1, ALL);
    expect(c.commit).toBe('up');
  });
  it('accumulates small deltas up to the threshold', () => {
    let s = WHEEL_IDLE;
    let commit = null;
    for (let i = 0; i < 4 && !commit; i++) {
      const r = wheel(s, 0, 15, 5000 + i * 16, ALL);
      s = r.state;
      commit = r.commit;
    }
    expect(commit).toBe('down');
  });
  it('horizontal needs deltas over the horizontal limit', () => {
    let s = WHEEL_IDLE;
    for (let i = 0; i < 10; i++) s = wheel(s, SWIPE.wheelHorizontalDeltaLimit - 5, 0, 100 + i * 16, ALL).state;
    expect(s.x).toBe(0);
    expect(wheel(WHEEL_IDLE, 60, 2, 100, ALL).commit).toBe('right');
    expect(wheel(WHEEL_IDLE, -60, 2, 100, ALL).commit).toBe('left');
  });
  it('respects blocked directions', () => {
    expect(wheel(WHEEL_IDLE, 0, 100, 100, { ...ALL, down: false }).commit).toBeNull();
  });
});

describe('keys', () => {
  it('maps arrows and page keys', () => {
    expect(keyDir('ArrowRight', ALL)).toBe('right');
    expect(keyDir('PageDown', ALL)).toBe('down');
    expect(keyDir('ArrowUp', { ...ALL, up: false })).toBeNull();
    expect(keyDir('a', ALL)).toBeNull();
  });
});

const page = (o: Partial<GridPage> = {}): GridPage => ({
  id: Math.floor(Math.random() * 1e9),
  order: 0,
  position: '',
  hasMedia: true,
  locked: false,
  mediaType: 'IMAGE',
  imageUrl: 'x.jpg',
  thumbnail: null,
  imageAlt: '',
  hoverArrowColor: 'white',
  arrowFadeInterval: 3,
  ...o,
});
function grid(cells: string[], swipeRedirection = true): GridLike {
  // one string per category: '#' image, '.' empty, 'L' locked
  return {
    cols: cells.length,
    rows: (cells[0] as string).length,
    swipeRedirection,
    categories: cells.map((c) => ({ pages: [...c].map((ch) => page({ hasMedia: ch !== '.', locked: ch === 'L' })) })),
  };
}

describe('grid navigation', () => {
  it('blocks past the first and last category and page', () => {
    const g = grid(['##', '##']);
    expect(allowedFrom(g, { col: 0, row: 0 })).toEqual({ up: false, down: true, left: false, right: true });
    expect(allowedFrom(g, { col: 1, row: 1 })).toEqual({ up: true, down: false, left: true, right: false });
  });
  it('blocks toward empty pages but not toward locked ones', () => {
    const g = grid(['#.', 'L#', '#L']);
    expect(neighbour(g, { col: 0, row: 0 }, 'down')).toBeNull();
    expect(neighbour(g, { col: 2, row: 0 }, 'down')).toEqual({ col: 2, row: 1 });
  });
  it('swipeRedirection lands on the first enterable page; off keeps the row', () => {
    const on = grid(['###', '.##', '...']);
    expect(neighbour(on, { col: 0, row: 2 }, 'right')).toEqual({ col: 1, row: 1 });
    expect(neighbour(on, { col: 1, row: 2 }, 'right')).toBeNull();
    const off = grid(['###', '.##', '#..'], false);
    expect(neighbour(off, { col: 0, row: 2 }, 'right')).toEqual({ col: 1, row: 2 });
    expect(neighbour(off, { col: 1, row: 1 }, 'right')).toBeNull();
    expect(neighbour(off, { col: 1, row: 1 }, 'left')).toEqual({ col: 0, row: 1 });
  });
  it('counts pages with content', () => {
    const g = grid(['##.#']);
    expect(pageCount(g, { col: 0, row: 3 })).toEqual({ current: 3, total: 3 });
  });
  it('a resting state stays idle', () => {
    expect(IDLE.kind).toBe('idle');
  });
});
