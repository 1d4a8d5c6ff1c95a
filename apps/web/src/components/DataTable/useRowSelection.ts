import { useCallback, useMemo, useRef, useState } from 'react';
import { countSelected, toggleAllShown, toggleWithRange } from './selection.ts';
import type { RowKey } from './types.ts';

/**
 * Checkbox selection for a DataTable over the rows currently shown (`shownKeys`, in their shown
 * order): toggling one row, shift-click ranges from the last toggled row, the header's select-all
 * for what is shown, and clearing.
 */
export function useRowSelection<K extends RowKey>(shownKeys: ArrayLike<K>) {
  const [selected, setSelected] = useState<ReadonlySet<K>>(() => new Set());
  const anchor = useRef<K | null>(null);
  const shownRef = useRef(shownKeys);
  shownRef.current = shownKeys;

  const toggle = useCallback((key: K, range = false) => {
    const from = anchor.current;
    setSelected((current) => toggleWithRange(current, key, { range, anchor: from, order: shownRef.current }));
    // A range keeps its anchor, so a second shift-click measures from the same row.
    if (!range || from === null) anchor.current = key;
  }, []);

  const toggleAll = useCallback(() => {
    setSelected((current) => toggleAllShown(current, shownRef.current));
    anchor.current = null;
  }, []);

  const clear = useCallback(() => {
    setSelected(new Set());
    anchor.current = null;
  }, []);

  const shownSelectedCount = useMemo(() => countSelected(selected, shownKeys), [selected, shownKeys]);

  return { selected, toggle, toggleAll, clear, shownSelectedCount };
}
