/** The delimiters a structure CSV may use; detected from the header line. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * Where the first non-blank line of `text` starts and ends, skipping quoted newlines.
 * `end` is -1 when the line has not ended yet (more text may follow).
 */
export function firstLineBounds(text: string): { start: number; end: number } {
  let start = 0;
  while (start < text.length) {
    const c = text.charCodeAt(start);
    if (c !== LF && c !== CR) break;
    start++;
  }
  let inQuotes = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && (c === LF || c === CR)) return { start, end: i };
  }
  return { start, end: -1 };
}

/**
 * The delimiter that occurs most often outside quotes in the header line.
 * Ties go to the earlier of `,` `;` tab; a line with none of them (a one-column file) gives `,`.
 */
export function detectDelimiter(headerLine: string): CsvDelimiter {
  const counts = [0, 0, 0];
  let inQuotes = false;
  for (let i = 0; i < headerLine.length; i++) {
    const c = headerLine[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes) {
      const k = c === ',' ? 0 : c === ';' ? 1 : c === '\t' ? 2 : -1;
      if (k >= 0) counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  let best = 0;
  for (let k = 1; k < counts.length; k++) if ((counts[k] ?? 0) > (counts[best] ?? 0)) best = k;
  return CSV_DELIMITERS[best] ?? ',';
}
