import { BYTE_ORDER_MARK, csvCell } from '@linewalker/domain';

/** The cell rules (formula cells neutralised, quoting) are the domain's, shared with the server's exports. */
export { BYTE_ORDER_MARK, csvCell };

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
