import { describe, expect, it } from 'vitest';
import { isBlankRange, isTrimmedSpace, trimmedEnd, trimmedStart } from './textRange.ts';

describe('text ranges', () => {
  it('treats exactly the code units String.prototype.trim removes as space', () => {
    const differ: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const trimmed = `a${String.fromCharCode(code)}`.trim() === 'a';
      if (isTrimmedSpace(code) !== trimmed) differ.push(code);
    }
    expect(differ).toEqual([]);
  });

  it('trims and tests a range of a longer text like slice().trim()', () => {
    const cells = ['', ' ', 'x', ' x ', '\t\r\nx y\u00a0', '\u2003\u3000', 'Pórtico ', ' \ufeff'];
    const text = `<${cells.join('|')}>`;
    let start = 1;
    for (const cell of cells) {
      const end = start + cell.length;
      const from = trimmedStart(text, start, end);
      const to = trimmedEnd(text, from, end);
      expect(text.slice(from, to)).toBe(cell.trim());
      expect(isBlankRange(text, start, end)).toBe(cell.trim() === '');
      start = end + 1;
    }
  });
});
