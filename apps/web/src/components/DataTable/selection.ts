import type { RowKey } from './types.ts';

/**
 * The selection after a click on `key` in a list shown in `order`. A plain click toggles the row and
 * makes it the anchor; a shift-click gives every row from the anchor to it (inclusive, in the shown
 * order) the state the anchor has, as file managers do. With no anchor in view it is a plain click.
 */
export function toggleWithRange<K extends RowKey>(
  selected: ReadonlySet<K>,
  key: K,
  options: { range: boolean; anchor: K | null; order: ArrayLike<K> },
): ReadonlySet<K> {
  const next = new Set(selected);
  const { anchor, order } = options;
  if (options.range && anchor !== null && anchor !== key) {
    const from = indexOf(order, anchor);
    const to = indexOf(order, key);
    if (from >= 0 && to >= 0) {
      const select = selected.has(anchor);
      for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
        if (select) next.add(order[i]!);
        else next.delete(order[i]!);
      }
      return next;
    }
  }
  if (!next.delete(key)) next.add(key);
  return next;
}

/**
 * The header box acts on the rows shown: all of them selected → clear them, else select them all.
 * Rows selected but filtered out stay as they are.
 */
export function toggleAllShown<K extends RowKey>(
  selected: ReadonlySet<K>,
  shown: ArrayLike<K>,
): ReadonlySet<K> {
  const next = new Set(selected);
  const all = countSelected(selected, shown) === shown.length && shown.length > 0;
  for (let i = 0; i < shown.length; i++) {
    if (all) next.delete(shown[i]!);
    else next.add(shown[i]!);
  }
  return next;
}

export function countSelected<K extends RowKey>(selected: ReadonlySet<K>, shown: ArrayLike<K>): number {
  let count = 0;
  for (let i = 0; i < shown.length; i++) if (selected.has(shown[i]!)) count++;
  return count;
}

function indexOf<K>(order: ArrayLike<K>, key: K): number {
  for (let i = 0; i < order.length; i++) if (order[i] === key) return i;
  return -1;
}
