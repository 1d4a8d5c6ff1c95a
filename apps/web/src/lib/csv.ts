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

/** The whole file: BOM, comma-separated, CRLF line ends (RFC 4180). */
export function csvText(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  const lines = [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file through a temporary link (the browser's own download, no server round trip). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
