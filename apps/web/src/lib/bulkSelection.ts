/**
 * A selection of a windowed table: rows picked one by one (`ids`), or every row the filters match except
 * some (`all`). A select-all is kept as that intent and resolved on the server, since most of its rows
 * were never loaded (the Inspect tab's CSV export, the Delivery page's 'Archive Selected').
 */
export type BulkSelection =
  | { kind: 'ids'; ids: ReadonlySet<number> }
  | { kind: 'all'; except: ReadonlySet<number> };

export const NO_SELECTION: BulkSelection = { kind: 'ids', ids: new Set() };
export const SELECT_ALL: BulkSelection = { kind: 'all', except: new Set() };

export const isSelected = (s: BulkSelection, id: number): boolean =>
  s.kind === 'ids' ? s.ids.has(id) : !s.except.has(id);

/** Selects or clears `ids`: picked ids change in `ids` mode, exclusions in `all` mode. */
export function setMany(s: BulkSelection, ids: readonly number[], select: boolean): BulkSelection {
  const next = new Set(s.kind === 'ids' ? s.ids : s.except);
  // In `all` mode the set holds the exclusions: selecting removes from it.
  const add = s.kind === 'ids' ? select : !select;
  for (const id of ids) {
    if (add) next.add(id);
    else next.delete(id);
  }
  return s.kind === 'ids' ? { kind: 'ids', ids: next } : { kind: 'all', except: next };
}

/** How many rows are selected, `total` being how many the filters match (the server's count). */
export const selectedCount = (s: BulkSelection, total: number): number =>
  s.kind === 'ids' ? s.ids.size : Math.max(0, total - s.except.size);
