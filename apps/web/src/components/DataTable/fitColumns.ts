/** A column's size: its width, and how narrow it may become before the table scrolls sideways instead. */
export interface ColumnSize {
  width: number;
  minWidth?: number;
}

/**
 * The columns' widths for a box `available` pixels wide (besides `fixed` pixels of other columns): as given
 * when they fit; else each column that may shrink gives up a share of the excess in proportion to its room
 * (width − minWidth), never below its minWidth. Past every minimum the table scrolls sideways as before.
 */
export function fitColumnWidths(columns: readonly ColumnSize[], available: number, fixed = 0): number[] {
  const widths = columns.map((c) => c.width);
  const total = fixed + widths.reduce((sum, w) => sum + w, 0);
  if (!(available > 0) || total <= available) return widths;
  const room = columns.map((c) => Math.max(0, c.width - (c.minWidth ?? c.width)));
  const totalRoom = room.reduce((sum, r) => sum + r, 0);
  if (totalRoom === 0) return widths;
  const shrink = Math.min(total - available, totalRoom);
  return columns.map((c, i) =>
    Math.max(c.minWidth ?? c.width, Math.floor(c.width - (shrink * room[i]!) / totalRoom)),
  );
}
