import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, firstLineBounds } from './delimiter.ts';
import { CsvStreamParser, parseCsvText } from './parser.ts';

/** Feeds `text` in pieces of the given sizes (cycled) and returns the records. */
function parseInPieces(text: string, sizes: number[]): string[][] {
  const records: string[][] = [];
  const parser = new CsvStreamParser({ onRecord: (r) => records.push(r) });
  let i = 0;
  let k = 0;
  while (i < text.length) {
    const n = sizes[k++ % sizes.length] ?? 1;
    parser.push(text.slice(i, i + n));
    i += n;
  }
  parser.end();
  return records;
}

const rows = (text: string) => parseCsvText(text).records;

describe('CsvStreamParser', () => {
  it('reads LF, CRLF and CR-only files alike', () => {
    const expected = [
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ];
    expect(rows('a,b\n1,2\n3,4\n')).toEqual(expected);
    expect(rows('a,b\r\n1,2\r\n3,4\r\n')).toEqual(expected);
    expect(rows('a,b\r1,2\r3,4\r')).toEqual(expected);
    expect(rows('a,b\n1,2\n3,4')).toEqual(expected);
  });

  it('tolerates a CRLF file with some LF-only lines', () => {
    expect(rows('a,b\r\n1,2\n3,4\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('drops a byte-order mark, also when it arrives alone', () => {
    expect(rows('\uFEFFlat,lon\n1,2')).toEqual([
      ['lat', 'lon'],
      ['1', '2'],
    ]);
    expect(parseInPieces('\uFEFFlat,lon\n1,2', [1])).toEqual([
      ['lat', 'lon'],
      ['1', '2'],
    ]);
  });

  it('keeps delimiters, newlines and doubled quotes inside quoted fields', () => {
    const text = 'name,note\n"Smith, J","said ""hi""\nthen left"\n"",x\n';
    expect(rows(text)).toEqual([
      ['name', 'note'],
      ['Smith, J', 'said "hi"\nthen left'],
      ['', 'x'],
    ]);
  });

  it('skips blank lines, whitespace-only lines and rows of empty fields', () => {
    expect(rows('\n\na,b\n\n1,2\n   \n,,\n"",""\n3,4\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('keeps trailing empty fields and passes ragged rows on as they are', () => {
    expect(rows('a,b,c\n1,,\n1\n1,2,3,4\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', ''],
      ['1'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('detects semicolon and tab delimiters from the header line', () => {
    expect(parseCsvText('a;b;c\n1;2,5;3').records).toEqual([
      ['a', 'b', 'c'],
      ['1', '2,5', '3'],
    ]);
    expect(parseCsvText('a;b;c\n1;2,5;3').delimiter).toBe(';');
    expect(parseCsvText('a\tb\n1\t2').delimiter).toBe('\t');
    expect(parseCsvText('only\n1').delimiter).toBe(',');
  });

  it('keeps text after a closing quote in the same field', () => {
    expect(rows('a,b\n"x"y,z\n')).toEqual([
      ['a', 'b'],
      ['xy', 'z'],
    ]);
  });

  it('reports an unclosed quote and keeps the rest of the input as the field', () => {
    const result = parseCsvText('a,b\n1,"open\n2,3\n');
    expect(result.records).toEqual([
      ['a', 'b'],
      ['1', 'open\n2,3\n'],
    ]);
    expect(result.problems).toEqual([{ kind: 'unclosedQuote', record: 1 }]);
  });

  it('gives the same records however the text is cut into chunks', () => {
    const text =
      '\uFEFFLine;Str;"Lat";Lon\r\n"L ""1""";S;1.5;2\r\n\r\n"multi\r\nline";S2;3;4\r\nL3;"S;3";5;6';
    const whole = rows(text);
    expect(whole).toHaveLength(4);
    for (const sizes of [[1], [2], [3, 1], [5, 7, 11], [4096]]) {
      expect(parseInPieces(text, sizes)).toEqual(whole);
    }
  });

  it('waits for the next chunk when a CR ends the first line', () => {
    expect(parseInPieces('a,b\r\n1,2\r\n', [4, 100])).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseInPieces('a,b\r1,2\r', [4, 100])).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses input after end()', () => {
    const parser = new CsvStreamParser({ onRecord: () => {} });
    parser.end();
    expect(() => parser.push('a')).toThrow(/after end/);
  });

  it('counts emitted records', () => {
    const parser = new CsvStreamParser({ onRecord: () => {} });
    parser.push('a\n1\n\n2\n');
    parser.end();
    expect(parser.records).toBe(3);
  });
});

describe('delimiter detection', () => {
  it('counts delimiters outside quotes only', () => {
    expect(detectDelimiter('"a,b,c";d;e')).toBe(';');
    expect(detectDelimiter('a,b;c')).toBe(',');
    expect(detectDelimiter('a\tb\tc,d')).toBe('\t');
  });

  it('finds the first non-blank line, past quoted newlines', () => {
    const text = '\r\n\n"a\nb",c\nd';
    const { start, end } = firstLineBounds(text);
    expect(text.slice(start, end)).toBe('"a\nb",c');
    expect(firstLineBounds('abc').end).toBe(-1);
  });
});

describe('agreement with papaparse on well-formed CSV', () => {
  // A seeded generator: the same 4,000 files on every run.
  let seed = 20_240_501;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const pieces = ['a', 'B', ' ', 'é', '7', '.', '-', ',', ';', '\t', '"', '\n', '\r\n', '\r', '🙂'];

  it('produces the same records for random files, delimiters, line ends and chunkings', () => {
    let compared = 0;
    for (let file = 0; file < 4000; file++) {
      const delimiter = pick([',', ';', '\t'] as const);
      const newline = pick(['\n', '\r\n', '\r'] as const);
      const columns = 1 + Math.floor(random() * 5);
      const lines: string[] = [];
      const count = Math.floor(random() * 8);
      for (let r = 0; r < count; r++) {
        const width = random() < 0.2 ? Math.floor(random() * 7) : columns;
        const cells: string[] = [];
        for (let c = 0; c < width; c++) {
          let cell = '';
          const length = Math.floor(random() * 6);
          for (let k = 0; k < length; k++) cell += pick(pieces);
          const quote = /[",;\t\r\n]/.test(cell) || random() < 0.2;
          cells.push(quote ? `"${cell.replace(/"/g, '""')}"` : cell);
        }
        lines.push(cells.join(delimiter));
      }
      const text = lines.join(newline) + (random() < 0.5 ? newline : '');
      const expected = Papa.parse<string[]>(text, { delimiter, newline, skipEmptyLines: 'greedy' }).data;
      const records: string[][] = [];
      const parser = new CsvStreamParser({ onRecord: (r) => records.push(r), delimiter });
      for (let i = 0; i < text.length; ) {
        const n = 1 + Math.floor(random() * 9);
        parser.push(text.slice(i, i + n));
        i += n;
      }
      parser.end();
      expect(records, JSON.stringify(text)).toEqual(expected);
      compared++;
    }
    expect(compared).toBe(4000);
  });
});
