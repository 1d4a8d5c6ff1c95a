import type { AssignmentData, AssignmentLine, AssignmentStructures, CrewGroup } from '@linewalker/domain';
import { crewColor, MAX_CREW_GROUPS, UNASSIGNED_COLOR } from '@linewalker/domain';
import { mercatorY } from '../../../components/map/projection.ts';

/**
 * The assignment data arranged for 50,000-structure projects: flat typed arrays the map, the table
 * and polygon selection read by structure index, built once per fetch instead of per render.
 */
export interface AssignmentModel {
  /** Structures in the data. */
  count: number;
  /** The server's columns, read by structure index (no object per structure). */
  columns: AssignmentStructures;
  lines: readonly AssignmentLine[];
  crew: readonly CrewGroup[];
  crewById: ReadonlyMap<number, CrewGroup>;
  /** Crew number of each structure, 0 when unassigned (the cluster colour key). */
  crewNumbers: Uint8Array;
  /** Marker colour by crew number: [0] unassigned grey, [n] crew n's colour as the server gives it. */
  palette: readonly string[];
  /**
   * Web Mercator x, y of each structure, interleaved (see the map kit's `projectRings`): testing
   * points here against a drawn shape selects exactly what the user sees inside it.
   */
  projected: Float64Array;
}

export function buildAssignmentModel(data: AssignmentData): AssignmentModel {
  const crewById = new Map(data.crew.map((group) => [group.crew_group_id, group]));
  const columns = data.structures;
  const { crew_group_id: crewGroupIds, longitude, latitude } = columns;
  const count = columns.structure_id.length;
  const crewNumbers = new Uint8Array(count);
  const projected = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    const crewGroupId = crewGroupIds[i]!;
    crewNumbers[i] = crewGroupId === null ? 0 : (crewById.get(crewGroupId)?.crew_number ?? 0);
    projected[i * 2] = longitude[i]!;
    projected[i * 2 + 1] = mercatorY(latitude[i]!);
  }
  return {
    count,
    columns,
    lines: data.lines,
    crew: data.crew,
    crewById,
    crewNumbers,
    projected,
    palette: crewPalette(data.crew),
  };
}

/** Crew slots a marker can have: 0 (unassigned) and crew numbers 1..10. */
export const CREW_SLOTS = Array.from({ length: MAX_CREW_GROUPS + 1 }, (_, n) => n);

/**
 * Colours by crew number. The server stores each group's colour; the map, table and sidebar all
 * take it from there so a crew looks the same everywhere (numbers without a group get the default).
 */
export function crewPalette(crew: readonly CrewGroup[]): string[] {
  const palette = CREW_SLOTS.map((n) => (n === 0 ? UNASSIGNED_COLOR : crewColor(n)));
  for (const group of crew) {
    if (group.crew_number >= 1 && group.crew_number <= MAX_CREW_GROUPS)
      palette[group.crew_number] = group.color;
  }
  return palette;
}

/** 'Crew 3' — the label a crew group goes by everywhere in the tab. */
export const crewLabel = (group: Pick<CrewGroup, 'crew_number'>): string => `Crew ${group.crew_number}`;

/** The line name of structure `i`. */
export const lineNameOf = (model: AssignmentModel, i: number): string =>
  model.lines[model.columns.line_index[i]!]!.line_name;
