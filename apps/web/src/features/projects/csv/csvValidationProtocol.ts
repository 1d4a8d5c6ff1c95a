import type { StructureCsvReport } from '@linewalker/domain';

/** Page → worker: check every row of one file against the chosen name columns. */
export interface ValidateRequest {
  /** The local File from the drop (no second download), or a signed GET URL when only that is known. */
  source: { file: File } | { url: string };
  lineNameField: string;
  structNumField: string;
  /** Hand-picked coordinate columns (used only when the file has no unique pair of its own). */
  latField: string | null;
  lonField: string | null;
  structNumFallbackField: string | null;
}

/** The sum of the valid rows' coordinates: the centre the server derives the project's zone from. */
export interface PositionSum {
  latSum: number;
  lonSum: number;
  count: number;
}

/** Worker → page. */
export type ValidateMessage =
  | { type: 'progress'; percent: number; rows: number }
  | { type: 'done'; report: StructureCsvReport; positions: PositionSum; rows: number; ms: number }
  | { type: 'error'; message: string };
