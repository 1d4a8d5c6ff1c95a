import { describe, expect, it } from 'vitest';
import { BYTE_ORDER_MARK, csvCell, csvText } from './csv.ts';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, empty for null', () => {
    expect(csvCell('Feeder 12')).toBe('Feeder 12');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Dead end, double')).toBe('"Dead end, double"');
    expect(csvCell('6" bolt')).toBe('"6"" bolt"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('turns formula-looking text into text (= + - @, tab, carriage return)', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2 cracked')).toBe("'-2 cracked");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tindent')).toBe("'\tindent");
    expect(csvCell('\rreturn')).toBe(`"'\rreturn"`);
  });
});

describe('csvText', () => {
  it('starts with a byte-order mark, separates with commas and ends rows with CRLF', () => {
    const text = csvText(
      ['Line Name', 'Count'],
      [
        ['Feeder 12', 5],
        ['Feeder, 7', null],
      ],
    );
    expect(text).toBe(`${BYTE_ORDER_MARK}Line Name,Count\r\nFeeder 12,5\r\n"Feeder, 7",\r\n`);
  });
});
