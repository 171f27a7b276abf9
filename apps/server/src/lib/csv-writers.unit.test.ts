import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every CSV file the product writes goes through the one writer (core's csvDocument, the server's lib/csv.ts), so
// its cells follow one rule (formula starters, full-width ones included, neutralised). A file that writes a
// byte-order mark or joins csvCell's output itself is a second writer: this test names it.

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
const DIRS = ['apps/server/src', 'apps/admin/src', 'apps/viewer/src', 'packages/core/src'];
const WRITER = 'packages/core/src/csv.ts';
const RE_EXPORT = 'apps/server/src/lib/csv.ts';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') out.push(...sources(rel));
    } else if (/\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

describe('CSV writers', () => {
  it('only the one writer writes a byte-order mark or uses the cell rule directly', () => {
    const files = DIRS.flatMap(sources).filter((f) => f !== WRITER && f !== RE_EXPORT);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((f) => {
      const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
      const writesBom = /\\uFEFF|\uFEFF/i.test(text.replace(/replace\(\/\^\\uFEFF\/[^)]*\)/gi, ''));
      return writesBom || /\bcsvCell\b/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
