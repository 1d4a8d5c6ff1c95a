import { describe, expect, it } from 'vitest';
import { parseCoordinate, parseCoordinateRange, parseTrimmedCoordinate } from './coordinates.ts';

const CELLS = [
  '45.5',
  ' -93.25 ',
  '+8.5',
  '.5',
  '10.',
  '0',
  '-0.000',
  '123456789',
  '1234567890.5',
  '-19.8740173601',
  '12345678901234567',
  '0.12345678901234567890123',
  '',
  ' ',
  '-',
  '+',
  '.',
  '1.2.3',
  '1,5',
  '1e5',
  'abc',
  '\u00a045\u3000',
];

describe('coordinates read from a range', () => {
  it('parses a range of a longer text exactly as parseCoordinate parses the slice', () => {
    const text = `#${CELLS.join('|')}#`;
    let start = 1;
    for (const cell of CELLS) {
      const end = start + cell.length;
      expect(parseCoordinateRange(text, start, end), JSON.stringify(cell)).toBe(parseCoordinate(cell));
      start = end + 1;
    }
  });

  it('gives the value Number() gives for plain decimals of any length', () => {
    for (const cell of CELLS) {
      const trimmed = cell.trim();
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
        expect(parseTrimmedCoordinate(trimmed, 0, trimmed.length), cell).toBe(Number(trimmed));
      }
    }
    for (let digits = 1; digits <= 17; digits++) {
      const integer = '9876543210987654321'.slice(0, digits);
      for (const cell of [integer, `-${integer}`, `${integer.slice(0, 1)}.${integer.slice(1)}`]) {
        expect(parseTrimmedCoordinate(cell, 0, cell.length), cell).toBe(Number(cell));
      }
    }
  });
});
