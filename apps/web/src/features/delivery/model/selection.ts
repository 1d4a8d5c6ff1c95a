import {
  type BulkSelection,
  isSelected,
  NO_SELECTION,
  SELECT_ALL,
  selectedCount,
  setMany,
} from '../../../lib/bulkSelection.ts';

/**
 * The check rules between a structure and its photos (spec 2 §4 'Archive'): checking a structure checks
 * every photo of it that can still be delivered, and a structure is checked when all of those are. The
 * selection names photos only (picked ids, or a select-all of the filters minus unticked photos), so a
 * structure's state follows from its photos whatever is loaded.
 */
export type StructureCheck = 'unchecked' | 'partial' | 'checked' | 'nothing-to-deliver';

export function structureCheck(undeliveredIds: readonly number[], selection: BulkSelection): StructureCheck {
  if (undeliveredIds.length === 0) return 'nothing-to-deliver';
  const chosen = undeliveredIds.filter((id) => isSelected(selection, id)).length;
  if (chosen === 0) return 'unchecked';
  return chosen === undeliveredIds.length ? 'checked' : 'partial';
}

/** A click on a structure's box: a checked structure is cleared, any other gets all its photos. */
export function toggleStructure(selection: BulkSelection, undeliveredIds: readonly number[]): BulkSelection {
  const checked = structureCheck(undeliveredIds, selection) === 'checked';
  return setMany(selection, undeliveredIds, !checked);
}

export function toggleImage(selection: BulkSelection, imageId: number): BulkSelection {
  return setMany(selection, [imageId], !isSelected(selection, imageId));
}

/**
 * A click on the header box: every photo the filters match, loaded or not (`selectable` is the server's
 * count of them), or none when they all are already.
 */
export function toggleAll(selection: BulkSelection, selectable: number): BulkSelection {
  const everything = selectable > 0 && selectedCount(selection, selectable) >= selectable;
  return everything ? NO_SELECTION : SELECT_ALL;
}
