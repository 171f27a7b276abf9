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

  it('writes a file with a byte-order mark and CRLF lines', () => {
    expect(
      csvDocument([
        ['Title', 'URL'],
        ['Shop, Tokyo', 'https://x.test/a'],
      ]),
    ).toBe('\uFEFFTitle,URL\r\n"Shop, Tokyo",https://x.test/a\r\n');
  });
});
