import type { AssignmentModel } from './assignmentModel.ts';

/** The Crew filter's value for structures in no crew group; other values are crew group ids. */
export const UNASSIGNED_VALUE = 'unassigned';

export interface StructureFilter {
  /** Line ids to keep; empty keeps every line. */
  lineIds: readonly string[];
  /** Crew group ids and/or UNASSIGNED_VALUE to keep; empty keeps every structure. */
  crews: readonly string[];
}

/** Indices (in data order) of the structures the Line and Crew filters keep. */
export function filterStructures(model: AssignmentModel, filter: StructureFilter): Uint32Array {
  const { count, columns } = model;
  // Line ids to the server's line indices, so each structure is one array read.
  const lineIds = new Set(filter.lineIds.map(Number));
  const lines =
    filter.lineIds.length > 0
      ? new Uint8Array(model.lines.map((line) => (lineIds.has(line.line_id) ? 1 : 0)))
      : null;
  const crews = filter.crews.length > 0 ? new Set(filter.crews) : null;
  const keepUnassigned = crews?.has(UNASSIGNED_VALUE) ?? true;
  const crewIds = crews ? new Set([...crews].filter((c) => c !== UNASSIGNED_VALUE).map(Number)) : null;

  const { line_index: lineIndex, crew_group_id: crewGroupIds } = columns;
  const kept = new Uint32Array(count);
  let size = 0;
  for (let i = 0; i < count; i++) {
    if (lines && !lines[lineIndex[i]!]) continue;
    if (crewIds) {
      const crewGroupId = crewGroupIds[i]!;
      if (crewGroupId === null ? !keepUnassigned : !crewIds.has(crewGroupId)) continue;
    }
    kept[size++] = i;
  }
  return kept.slice(0, size);
}

/** A membership mask over all structures, for testing "is this one shown" in O(1). */
export function maskOf(indices: Uint32Array, length: number): Uint8Array {
  const mask = new Uint8Array(length);
  for (const i of indices) mask[i] = 1;
  return mask;
}
