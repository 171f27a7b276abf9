import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PREACT_FOR_REACT, preactFor } from '../preact.mjs';

// The viewer's source runs on Preact wherever it runs (docs/decisions.md, "The viewer runs on Preact");
// the back-office, which draws the same page components, keeps React.
const here = path.dirname(new URL(import.meta.url).pathname);
const viewerFile = path.join(here, 'page', 'PageView.tsx');
const adminFile = path.resolve(here, '../../admin/src/features/editor/components/page-preview.tsx');

describe('the viewer runtime mapping', () => {
  it('gives the viewer’s own files Preact for every React module they import', () => {
    for (const [react, preact] of Object.entries(PREACT_FOR_REACT)) {
      expect(preactFor(react, viewerFile)).toBe(preact);
      expect(preactFor(react, pathToFileURL(viewerFile).href)).toBe(preact);
      expect(preactFor(react, `${viewerFile}?v=1`)).toBe(preact);
    }
    expect(preactFor('react-dom/server', viewerFile)).toBe('preact/compat/server');
  });

  it('leaves the back-office, the server and libraries on their own imports', () => {
    expect(preactFor('react', adminFile)).toBeNull();
    expect(preactFor('react', path.resolve(here, '../../server/src/app.ts'))).toBeNull();
    expect(preactFor('react', undefined)).toBeNull();
    expect(preactFor('@swipe/core', viewerFile)).toBeNull();
    expect(preactFor('react-dom/server.node', viewerFile)).toBeNull();
  });
});
