import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type BulkSelection,
  isSelected,
  NO_SELECTION as NONE,
  SELECT_ALL,
  selectedCount,
  setMany as setManyOf,
} from '../../../lib/bulkSelection.ts';

/** Rows picked one by one, or every row the filters match except some (see lib/bulkSelection.ts). */
export type WindowSelection = BulkSelection;

/** A read-only set that answers `has` for a selection, as the table asks it. */
class SelectionView extends Set<number> {
  readonly of: WindowSelection;
  constructor(of: WindowSelection) {
    super(of.kind === 'ids' ? of.ids : []);
    this.of = of;
  }
  override has(id: number): boolean {
    return isSelected(this.of, id);
  }
}

interface Options {
  /** Rows matching the filters. */
  total: number;
  /** Position of a loaded row, -1 when not loaded. */
  indexOf: (id: number) => number;
  /** Ids of positions from..to, loading what is missing. */
  rowsBetween: (from: number, to: number) => Promise<number[]>;
  /** Changes when the filters or sort change: a select-all and the range anchor belong to them. */
  resetKey: string;
}

/**
 * Selection of the windowed Inspect table: clicks, shift-click ranges (from the last clicked row, over
 * rows not loaded yet too), and the header box, which selects everything the filters match.
 */
export function useWindowSelection({ total, indexOf, rowsBetween, resetKey }: Options) {
  const [selection, setSelection] = useState<WindowSelection>(NONE);
  const anchor = useRef<{ id: number; index: number } | null>(null);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const latest = useRef({ indexOf, rowsBetween });
  latest.current = { indexOf, rowsBetween };

  // A select-all was of the old filters; picked rows stay picked (they are named by id).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters or sort change.
  useEffect(() => {
    anchor.current = null;
    setSelection((s) => (s.kind === 'all' ? NONE : s));
  }, [resetKey]);

  const setMany = useCallback((ids: readonly number[], select: boolean) => {
    setSelection((s) => setManyOf(s, ids, select));
  }, []);

  const toggle = useCallback(
    (id: number, range = false) => {
      const index = latest.current.indexOf(id);
      const from = anchor.current;
      if (range && from && from.id !== id && index >= 0) {
        // As file managers do: the range takes the state of the row it starts from.
        const select = isSelected(selectionRef.current, from.id);
        const [lo, hi] = from.index < index ? [from.index, index] : [index, from.index];
        void latest.current.rowsBetween(lo, hi).then((ids) => setMany(ids, select));
        return;
      }
      setMany([id], !isSelected(selectionRef.current, id));
      if (index >= 0) anchor.current = { id, index };
    },
    [setMany],
  );
  const count = selectedCount(selection, total);

  const toggleAll = useCallback(() => {
    anchor.current = null;
    setSelection((s) => {
      const everything = s.kind === 'all' ? s.except.size === 0 : total > 0 && s.ids.size >= total;
      return everything ? NONE : SELECT_ALL;
    });
  }, [total]);

  const clear = useCallback(() => {
    anchor.current = null;
    setSelection(NONE);
  }, []);

  const selected = useMemo(() => new SelectionView(selection), [selection]);

  return { selection, selected, count, toggle, toggleAll, clear, shownSelectedCount: count };
}
