/**
 * The check rules between a structure and its photos (spec 2 §4 'Archive'): checking a structure checks
 * every photo of it that can still be delivered, and a structure is checked when all of those are. The
 * selection is kept as photo ids only, so a structure's state follows from its photos whatever is loaded.
 */
export type StructureCheck = 'unchecked' | 'partial' | 'checked' | 'nothing-to-deliver';

export function structureCheck(
  undeliveredIds: readonly number[],
  selected: ReadonlySet<number>,
): StructureCheck {
  if (undeliveredIds.length === 0) return 'nothing-to-deliver';
  const chosen = undeliveredIds.filter((id) => selected.has(id)).length;
  if (chosen === 0) return 'unchecked';
  return chosen === undeliveredIds.length ? 'checked' : 'partial';
}

/** A click on a structure's box: a checked structure is cleared, any other gets all its photos. */
export function toggleStructure(
  selected: ReadonlySet<number>,
  undeliveredIds: readonly number[],
): Set<number> {
  const next = new Set(selected);
  if (structureCheck(undeliveredIds, selected) === 'checked') {
    for (const id of undeliveredIds) next.delete(id);
  } else {
    for (const id of undeliveredIds) next.add(id);
  }
  return next;
}

export function toggleImage(selected: ReadonlySet<number>, imageId: number): Set<number> {
  const next = new Set(selected);
  if (next.has(imageId)) next.delete(imageId);
  else next.add(imageId);
  return next;
}

/** A click on the header box: every shown structure's photos, or none when they all are. */
export function toggleAll(
  selected: ReadonlySet<number>,
  rows: ReadonlyArray<{ undelivered_image_ids: readonly number[] }>,
): Set<number> {
  const ids = rows.flatMap((r) => r.undelivered_image_ids);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const next = new Set(selected);
  for (const id of ids) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}
