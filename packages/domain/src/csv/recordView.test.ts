import { describe, expect, it } from 'vitest';
import { CsvStreamParser, parseCsvText } from './parser.ts';
import { CsvRecordView, TrimmedCell } from './recordView.ts';

/** Every record as the view shows it: text(i), checked against source(i).slice(start(i), end(i)). */
function viewRecords(chunks: readonly string[]): string[][] {
  const records: string[][] = [];
  const parser = new CsvStreamParser({
    onRecordView: (view) => {
      const fields: string[] = [];
      for (let i = 0; i < view.count; i++) {
        const text = view.text(i);
        expect(view.source(i).slice(view.start(i), view.end(i))).toBe(text);
        fields.push(text);
      }
      records.push(fields);
    },
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return records;
}

// BOM, CRLF, quoted delimiters, doubled quotes, a quoted line break, a blank line, an empty quoted field,
// text after a closing quote, a whitespace-only row and a last record without a line end.
const TRICKY =
  '\uFEFFLine,Structure,lat,lon\r\n' +
  '"L ""1""",S1,45.5,-93\r\n' +
  '\r\n' +
  '"multi\r\nline","S,2", 46 ,-94\r\n' +
  '"",S3,"47"x,-95\r\n' +
  ' , ,\r\n' +
  'L4,"S""4""",48,-96';

describe('CsvRecordView from CsvStreamParser', () => {
  const expected = parseCsvText(TRICKY).records;

  it('gives the same records as the array API', () => {
    expect(expected).toHaveLength(5);
    expect(viewRecords([TRICKY])).toEqual(expected);
  });

  it('gives the same records with a chunk boundary at every position', () => {
    for (let cut = 0; cut <= TRICKY.length; cut++) {
      const chunks = [TRICKY.slice(0, cut), TRICKY.slice(cut)];
      expect(viewRecords(chunks), `cut at ${cut}`).toEqual(expected);
    }
  });

  it('gives the same records with two chunk boundaries anywhere', () => {
    for (let a = 1; a < TRICKY.length; a += 3) {
      for (let b = a; b <= TRICKY.length; b += 2) {
        const chunks = [TRICKY.slice(0, a), TRICKY.slice(a, b), TRICKY.slice(b)];
        expect(viewRecords(chunks), `cuts at ${a}, ${b}`).toEqual(expected);
      }
    }
  });

  it('gives the same records when every character arrives alone', () => {
    expect(viewRecords([...TRICKY])).toEqual(expected);
  });

  it('hands plain fields on as ranges of the chunk, not as strings of their own', () => {
    const parser = new CsvStreamParser({
      onRecordView: (view) => {
        for (let i = 0; i < view.count; i++)
          expect(view.source(i).length).toBeGreaterThan(view.end(i) - view.start(i));
      },
    });
    parser.push('a,b,c\n1,22,333\n');
    parser.end();
    expect(parser.records).toBe(2);
  });

  it('keeps an unclosed quote in a large input linear', { timeout: 60_000 }, () => {
    // Re-scanning the open record on every chunk would copy gigabytes here. Linear means each push reads
    // only its own chunk again: what it carries into the next push stays below one chunk.
    const text = `a,b\n1,"${'x'.repeat(8_000_000)}`;
    const records: string[][] = [];
    const parser = new CsvStreamParser({ onRecordView: (view) => records.push(view.toArray()) });
    let mostCarried = 0;
    for (let i = 0; i < text.length; i += 4096) {
      parser.push(text.slice(i, i + 4096));
      mostCarried = Math.max(mostCarried, parser.carriedChars);
    }
    parser.end();
    expect(mostCarried).toBeLessThan(4096);
    expect(records[1]?.[1]).toHaveLength(8_000_000);
    expect(parser.problems).toEqual([{ kind: 'unclosedQuote', record: 1 }]);
  });
});

describe('CsvRecordView of strings', () => {
  it('shows an array of strings field by field', () => {
    const view = CsvRecordView.of(['a', '', ' b ']);
    expect(view.count).toBe(3);
    expect(view.toArray()).toEqual(['a', '', ' b ']);
    expect([view.source(2), view.start(2), view.end(2)]).toEqual([' b ', 0, 3]);
    expect(view.isBlank()).toBe(false);
    expect(CsvRecordView.of([' ', '\t', '\u00a0']).isBlank()).toBe(true);
    expect(view.load(['x']).toArray()).toEqual(['x']);
  });
});

describe('TrimmedCell', () => {
  const cell = new TrimmedCell();
  const read = (fields: string[], i: number) => cell.read(CsvRecordView.of(fields), i).text();

  it('reads a cell trimmed as String.prototype.trim does', () => {
    for (const value of ['abc', '  abc ', '\u00a0abc\u3000', ' ', '', '\ufeff a b \u2028', '\u180eX']) {
      expect(read([value], 0)).toBe(value.trim());
    }
  });

  it('reads a missing cell as empty', () => {
    expect(cell.read(CsvRecordView.of(['a']), 1).length).toBe(0);
    expect(cell.read(CsvRecordView.of(['a']), -1).text()).toBe('');
  });
});
