/** Excel reads a UTF-8 file correctly only when it starts with a byte-order mark. */
export const BYTE_ORDER_MARK = '\uFEFF';

/** A cell a spreadsheet would evaluate as a formula (CSV injection): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: formula-looking text gets a leading apostrophe so spreadsheets show it as text,
 * and a cell with a comma, quote or line break is quoted with its quotes doubled. Plain numbers
 * (including negative ones) are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One CSV line with its CRLF end (RFC 4180), for files written row by row. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
