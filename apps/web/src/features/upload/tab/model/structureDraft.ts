import { isValidCoordinatePair, type StructureBody, type UploadStructure } from '@linewalker/domain';

/** What the structure panel edits; text as typed. */
export interface StructureDraft {
  /** null: a new structure. */
  structureId: number | null;
  name: string;
  lineId: number | null;
  latitude: string;
  longitude: string;
  /** The position it had when opened (edit mode), to tell whether it moved. */
  original: { latitude: number; longitude: number } | null;
}

const coordinate = (value: number) => String(Number(value.toFixed(10)));

export const newDraft = (position?: { latitude: number; longitude: number }): StructureDraft => ({
  structureId: null,
  name: '',
  lineId: null,
  latitude: position ? coordinate(position.latitude) : '',
  longitude: position ? coordinate(position.longitude) : '',
  original: null,
});

export const draftOf = (structure: UploadStructure): StructureDraft => ({
  structureId: structure.structure_id,
  name: structure.struct_num,
  lineId: structure.line_id,
  latitude: coordinate(structure.latitude),
  longitude: coordinate(structure.longitude),
  original: { latitude: structure.latitude, longitude: structure.longitude },
});

export const withPosition = (draft: StructureDraft, latitude: number, longitude: number): StructureDraft => ({
  ...draft,
  latitude: coordinate(latitude),
  longitude: coordinate(longitude),
});

/** Save is enabled once name, line, latitude and longitude are filled (spec 2 §5). */
export const isDraftFilled = (draft: StructureDraft): boolean =>
  draft.name.trim() !== '' &&
  draft.lineId !== null &&
  draft.latitude.trim() !== '' &&
  draft.longitude.trim() !== '';

const parseNumber = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

/** The draft's position when both fields hold a valid coordinate pair, else null. */
export function draftPosition(draft: StructureDraft): { latitude: number; longitude: number } | null {
  const latitude = parseNumber(draft.latitude);
  const longitude = parseNumber(draft.longitude);
  if (!isValidCoordinatePair(latitude, longitude)) return null;
  return { latitude: latitude!, longitude: longitude! };
}

export type DraftCheck =
  | { ok: true; body: StructureBody; latLonChanged: boolean }
  | { ok: false; message: string };

/** The body to send, or why not: an invalid pair is 'Invalid Latitude, Longitude!' (spec 2 §5). */
export function checkDraft(draft: StructureDraft, invalidMessage: string): DraftCheck {
  const position = draftPosition(draft);
  if (!position || draft.lineId === null) return { ok: false, message: invalidMessage };
  const latLonChanged =
    draft.original !== null &&
    (Math.abs(draft.original.latitude - position.latitude) > 1e-10 ||
      Math.abs(draft.original.longitude - position.longitude) > 1e-10);
  return {
    ok: true,
    body: {
      lineId: draft.lineId,
      lat: position.latitude,
      lon: position.longitude,
      structNumName: draft.name.trim(),
    },
    latLonChanged,
  };
}
