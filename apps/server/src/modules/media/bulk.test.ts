import { describe, expect, it } from 'vitest';
import { BULK, judgeEntry } from './bulk.js';

// The per-entry verdict of the bulk ZIP reader, from the entry name and header alone.

const grid = { columns: 2, rows: 3 };
const entry = (
  o: Partial<{ externalFileAttributes: number; uncompressedSize: number; compressedSize: number; generalPurposeBitFlag: number }> = {},
) => ({
  externalFileAttributes: 0o100644 << 16,
  uncompressedSize: 1000,
  compressedSize: 990,
  generalPurposeBitFlag: 0,
  ...o,
});

describe('judgeEntry', () => {
  it('places cell references in any case, in folders, with any extension', () => {
    expect(judgeEntry(entry(), 'A1.jpg', grid)).toEqual({ cell: 'A1', column: 1, row: 1 });
    expect(judgeEntry(entry(), 'photos/b3.PNG', grid)).toEqual({ cell: 'B3', column: 2, row: 3 });
  });
  it('refuses .. and absolute paths (both slash kinds, drive letters)', () => {
    for (const n of ['../A1.jpg', 'x/../../A1.jpg', '..\\A1.jpg', '/etc/A1.jpg', '\\A1.jpg', 'C:/A1.jpg', 'c:A1.jpg', 'A1.jpg\0.png'])
      expect(judgeEntry(entry(), n, grid), n).toEqual({ reason: 'sites.bulk_unsafe_path' });
  });
  it('refuses symlinks and encrypted entries', () => {
    expect(judgeEntry(entry({ externalFileAttributes: 0o120777 << 16 }), 'A1.jpg', grid)).toEqual({ reason: 'sites.bulk_symlink' });
    expect(judgeEntry(entry({ generalPurposeBitFlag: 1 }), 'A1.jpg', grid)).toEqual({ reason: 'sites.bulk_read_error' });
  });
  it('refuses names that are not cells and cells outside the grid (row 101 is not a cell at all)', () => {
    expect(judgeEntry(entry(), 'photo.jpg', grid)).toEqual({ reason: 'sites.bulk_not_cell' });
    expect(judgeEntry(entry(), 'ABCD1.jpg', grid)).toEqual({ reason: 'sites.bulk_not_cell' });
    expect(judgeEntry(entry(), 'A101.jpg', grid)).toEqual({ reason: 'sites.bulk_not_cell' });
    expect(judgeEntry(entry(), 'C1.jpg', grid)).toEqual({ reason: 'sites.bulk_outside_grid', params: { cell: 'C1' } });
    expect(judgeEntry(entry(), 'A4.jpg', grid)).toEqual({ reason: 'sites.bulk_outside_grid', params: { cell: 'A4' } });
  });
  it('refuses oversize entries by their declared size (30 MB edge) and zip bombs by their ratio', () => {
    expect('cell' in judgeEntry(entry({ uncompressedSize: BULK.entryBytes, compressedSize: BULK.entryBytes }), 'A1.jpg', grid)).toBe(true);
    expect(judgeEntry(entry({ uncompressedSize: BULK.entryBytes + 1, compressedSize: BULK.entryBytes }), 'A1.jpg', grid)).toEqual({
      reason: 'validation.upload_size',
      params: { max: 30 },
    });
    expect(judgeEntry(entry({ uncompressedSize: 20 * 1024 * 1024, compressedSize: 20 * 1024 }), 'A1.jpg', grid)).toEqual({
      reason: 'sites.bulk_suspicious',
    });
    // small entries may compress well
    expect('cell' in judgeEntry(entry({ uncompressedSize: 100_000, compressedSize: 100 }), 'A1.jpg', grid)).toBe(true);
  });
});
