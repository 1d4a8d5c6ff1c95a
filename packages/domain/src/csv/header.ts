/** One column of a structure CSV after the header row was read. */
export interface CsvColumn {
  /** 0-based position in the row. */
  index: number;
  /** The unique name used as the column's key (the `*Field` values of a kmzs entry). */
  name: string;
  /** The header cell as written, trimmed (blank for a blank header). */
  rawName: string;
}

export const unknownColumnName = (index: number): string => `UnknownColumn_${index}`;

/**
 * Turns the header row into unique column names.
 * - Names are trimmed (a stray space in a spreadsheet header is never meant).
 * - A blank name becomes `UnknownColumn_{index}` (spec 1 §5) with the 0-based column index, the index a row
 *   array uses (and papaparse's `transformHeader` passes): a blank third column is `UnknownColumn_2`.
 * - A repeated name gets `_1`, `_2`, … appended in order of appearance (`Name`, `Name_1`, `Name_2`),
 *   skipping any suffix another column already uses, so every column can be chosen by its name.
 *   Matching is exact (case-sensitive), like the keys of a parsed row.
 */
export function normalizeHeader(cells: readonly string[]): CsvColumn[] {
  const base = cells.map((cell, index) => {
    const rawName = cell.trim();
    return { index, rawName, name: rawName === '' ? unknownColumnName(index) : rawName };
  });
  const taken = new Set(base.map((c) => c.name));
  const seen = new Set<string>();
  for (const column of base) {
    if (!seen.has(column.name)) {
      seen.add(column.name);
      continue;
    }
    let n = 1;
    while (taken.has(`${column.name}_${n}`)) n++;
    column.name = `${column.name}_${n}`;
    taken.add(column.name);
    seen.add(column.name);
  }
  return base;
}
