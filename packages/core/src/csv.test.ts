import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.js';

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks, and defuses formula starters', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-500')).toBe("'-500");
    expect(csvCell('@x,y')).toBe(`"'@x,y"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('defuses the full-width formula starters as their ASCII forms (Excel in Japanese reads ＝ ＋ － ＠ as = + - @)', () => {
    expect(csvCell('＝1+1')).toBe("'＝1+1");
    expect(csvCell('＋81-3-1234')).toBe("'＋81-3-1234");
    expect(csvCell('－500')).toBe("'－500");
    expect(csvCell('＠SUM(A1)')).toBe("'＠SUM(A1)");
    expect(csvCell('＝HYPERLINK("http://x.test","a")')).toBe(`"'＝HYPERLINK(""http://x.test"",""a"")"`);
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // only at the start: inside a cell they are text
    expect(csvCell('a＝b')).toBe('a＝b');
    expect(csvCell('株式会社＠東京')).toBe('株式会社＠東京');
  });

  it('writes a file with a byte-order mark and CRLF lines', () => {
    expect(
      csvDocument([
        ['Title', 'URL'],
        ['Shop, Tokyo', 'https://x.test/a'],
      ]),
    ).toBe('\uFEFFTitle,URL\r\n"Shop, Tokyo",https://x.test/a\r\n');
  });
});
