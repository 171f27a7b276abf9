import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_DIST } from './routes.js';

// The back-office's styles are split (apps/admin/src/app/styles): the first load carries Mantine's global styles
// and those of the components the login, error and loading screens draw; every component's styles come with the
// first lazy screen or lazy part of the first load. Checked on the build: a component drawn without its styles
// would look broken only in a browser, and only on the screen that uses it.

const ROOT = path.resolve(ADMIN_DIST, '../../..');
const MANTINE = path.join(ROOT, 'node_modules/@mantine/core');
const STYLES = path.join(ROOT, 'apps/admin/src/app/styles');

interface Chunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
const manifest = (): Record<string, Chunk> => JSON.parse(fs.readFileSync(path.join(ADMIN_DIST, '.vite/manifest.json'), 'utf8'));
const read = (rel: string) => fs.readFileSync(path.join(ADMIN_DIST, rel), 'utf8');

/** Mantine's class and animation names (m_ and a hash) a piece of code uses, or a stylesheet defines. */
const used = (code: string) => new Set([...code.matchAll(/\bm_[0-9a-f]{5,8}\b/g)].map((m) => m[0]));
const defined = (css: string) => new Set([...css.matchAll(/(?:\.|@keyframes\s+)(m_[0-9a-f]{5,8})\b/g)].map((m) => m[1] as string));
const missing = (code: Set<string>, css: Set<string>) => [...code].filter((c) => !css.has(c));

/** The chunks a chunk imports statically (itself included): what is loaded before its code runs. */
function closure(m: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !m[key]) return seen;
  seen.add(key);
  for (const i of m[key].imports ?? []) closure(m, i, seen);
  return seen;
}

describe('back-office styles', () => {
  it('lists the stylesheet of every Mantine component the back-office draws in screens.css, in the order of Mantine’s styles.css', () => {
    const all = fs.readFileSync(path.join(MANTINE, 'styles.css'), 'utf8');
    const components = fs
      .readdirSync(path.join(MANTINE, 'styles'))
      .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
      .flatMap((f) => {
        const first = /\.(m_[0-9a-f]{5,8})\b/.exec(fs.readFileSync(path.join(MANTINE, 'styles', f), 'utf8'))?.[1];
        return first ? [{ f, at: all.indexOf(`.${first}`) }] : [];
      })
      .sort((a, b) => a.at - b.at)
      .map((c) => c.f);
    const listed = (file: string) =>
      [...fs.readFileSync(path.join(STYLES, file), 'utf8').matchAll(/@import ['"]@mantine\/core\/styles\/([\w-]+\.css)['"]/g)].map(
        (m) => m[1],
      );
    expect(components.length).toBeGreaterThan(80);
    // Mantine's order kept; a component the back-office never draws is left out (the test below finds every class
    // the built code uses in the styles it loads, so a component drawn later without its file fails there)
    const screens = listed('screens.css').filter((f): f is string => Boolean(f));
    expect(screens).toEqual(components.filter((c) => screens.includes(c)));
    const drawn = used(
      fs
        .readdirSync(path.join(ADMIN_DIST, 'assets'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => read(`assets/${f}`))
        .join('\n'),
    );
    const idle = screens.filter((f) => ![...defined(fs.readFileSync(path.join(MANTINE, 'styles', f), 'utf8'))].some((c) => drawn.has(c)));
    expect(idle, 'listed but never drawn').toEqual([]);
    // the first load's are a part of them, in the same order, after the global styles
    const first = listed('first-load.css');
    expect(first.slice(0, 3)).toEqual(['baseline.css', 'global.css', 'default-css-variables.css']);
    expect(first.slice(3)).toEqual(components.filter((c) => first.includes(c)));
  });

  it('gives the first load the styles of every Mantine component its code draws, and not the others', () => {
    const m = manifest();
    const html = read('index.html');
    const scripts = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((x) => read(x[1] as string));
    const sheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].map((x) => read(x[1] as string));
    expect(scripts.length).toBeGreaterThan(0);
    expect(sheets.length).toBe(1);
    const firstCss = defined(sheets.join('\n'));
    const firstJs = used(scripts.join('\n'));
    expect(firstJs.size).toBeGreaterThan(20);
    expect(missing(firstJs, firstCss)).toEqual([]);
    // a fraction of Mantine's: the rest waits for the first lazy screen
    const everything = defined(fs.readFileSync(path.join(MANTINE, 'styles.css'), 'utf8'));
    expect(firstCss.size).toBeLessThan(everything.size / 3);
    expect(Object.values(m).some((c) => c.isEntry && c.file.startsWith('assets/index-'))).toBe(true);
  });

  it('loads every component’s styles with the lazy screens and the lazy parts of the first load', () => {
    const m = manifest();
    const screens = m['src/app/screen-styles.ts']?.file ?? m['src/app/screen-styles.ts']?.css?.[0];
    expect(screens, 'screen-styles.ts is built').toMatch(/\.css$/);
    const screensCss = defined(read(screens as string));
    const html = read('index.html');
    const firstCss = defined(
      [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].map((x) => read(x[1] as string)).join('\n'),
    );
    // every chunk's Mantine classes are in the first load's styles, the screens' (lazy screens wait for both) or
    // its own (the charts' styles come with the charts)
    for (const [key, c] of Object.entries(m).filter(([, c]) => c.file.endsWith('.js'))) {
      const own = [...closure(m, key)].flatMap((k) => m[k]?.css ?? []).map(read);
      const lost = missing(used(read(c.file)), new Set([...firstCss, ...screensCss, ...defined(own.join('\n'))]));
      expect(lost, c.file).toEqual([]);
    }
    // the router waits for the screens' styles with every lazy screen (the entry names the stylesheet to load)
    const entry = Object.values(m).find((c) => c.isEntry && c.file.startsWith('assets/index-')) as Chunk;
    expect(read(entry.file)).toContain(screens);
    // the lazy parts of the first load bring them too
    for (const key of ['src/components/deferred-select-real.tsx', 'src/components/notifications-host.tsx']) {
      const css = [...closure(m, key)].flatMap((k) => m[k]?.css ?? []);
      expect(css, key).toContain(screens);
    }
  });
});
