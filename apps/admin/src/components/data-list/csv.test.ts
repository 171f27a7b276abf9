import { describe, expect, it } from 'vitest';
import { allRows, listCsv, rowsCsv } from './csv';

// A list without a server export is written from its columns over every page of its query.

interface Row {
  id: number;
  name: string;
}
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns = [{ title: 'Number', csv: (r: Row) => r.id }, { title: 'Name', csv: (r: Row) => r.name }, { title: 'Actions' }];

describe('list CSV', () => {
  it('writes the columns that have a CSV value, titled as on screen', () => {
    expect(
      rowsCsv(columns, [
        { id: 1, name: 'Shop, Tokyo' },
        { id: 2, name: '=1+1' },
      ]),
    ).toBe('\uFEFFNumber,Name\r\n1,"Shop, Tokyo"\r\n2,\'=1+1\r\n');
  });

  it('fetches page after page until the total: 230 rows in pages of 100 are 3 calls', async () => {
    const all = rows(230);
    const calls: number[] = [];
    const got = await allRows(async (page, size) => {
      calls.push(page);
      return { items: all.slice((page - 1) * size, page * size), total: all.length };
    });
    expect(calls).toEqual([1, 2, 3]);
    expect(got).toHaveLength(230);
    expect(got[229]?.name).toBe('Row 230');
  });

  it('stops at an exact multiple of the page without asking for an empty page', async () => {
    const all = rows(200);
    const calls: number[] = [];
    await allRows(async (page, size) => {
      calls.push(page);
      return { items: all.slice((page - 1) * size, page * size), total: all.length };
    });
    expect(calls).toEqual([1, 2]);
  });

  it("takes the server's file when the list has a server export, else the rows shown", async () => {
    expect(await listCsv({ fileName: 'x', server: async () => 'from the server' }, columns, rows(2))).toBe('from the server');
    expect(await listCsv({ fileName: 'x' }, columns, rows(2))).toBe('\uFEFFNumber,Name\r\n1,Row 1\r\n2,Row 2\r\n');
  });
});
