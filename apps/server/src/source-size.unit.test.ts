import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No source file over 400 lines: a file a newcomer can read in one sitting has one job, and a longer one is split
// where its code has seams (docs/architecture.md, "Conventions"). Tests, migrations and data (the back-office's
// message tables) are aside: their length is the number of cases, steps or texts, not of things a reader must hold.

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const MAX_LINES = 400;
const DIRS = ['apps', 'packages', 'bench', 'scripts', 'e2e'];
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'screenshots']);

/** Tests, migrations and data files: not held to the limit. */
function exempt(rel: string): boolean {
  return (
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(rel) ||
    rel.includes('/db/migrations/') ||
    /\/i18n\/[^/]+\.messages\.mjs$/.test(rel) ||
    rel.endsWith('.d.ts')
  );
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) sourceFiles(p, out);
    } else if (CODE.test(e.name)) out.push(p);
  }
  return out;
}

function lineCount(file: string): number {
  const text = fs.readFileSync(file, 'utf8');
  return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source file size', () => {
  it('tells tests, migrations and data apart from the sources it limits', () => {
    expect(exempt('apps/server/src/modules/sites/sites.test.ts')).toBe(true);
    expect(exempt('e2e/viewer.spec.ts')).toBe(true);
    expect(exempt('apps/server/src/db/migrations/0001_init.ts')).toBe(true);
    expect(exempt('apps/admin/i18n/editor.messages.mjs')).toBe(true);
    expect(exempt('apps/viewer/src/App.tsx')).toBe(false);
    expect(exempt('apps/admin/i18n/build.mjs')).toBe(false);
    expect(exempt('apps/server/src/test/helpers.ts')).toBe(false);
  });

  it('counts lines as an editor shows them', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.size-test-'));
    try {
      const f = path.join(dir, 'a.ts');
      fs.writeFileSync(f, 'a\nb\nc\n');
      expect(lineCount(f)).toBe(3);
      fs.writeFileSync(f, 'a\nb');
      expect(lineCount(f)).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    const files = DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(300);
    const over = files
      .map((f) => ({ file: path.relative(ROOT, f), lines: lineCount(f) }))
      .filter((x) => !exempt(x.file) && x.lines > MAX_LINES)
      .map((x) => `${x.file}: ${x.lines} lines`);
    expect(over).toEqual([]);
  });
});
