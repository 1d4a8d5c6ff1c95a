import type { UploadImage, UploadStructure } from '@linewalker/domain';

/** The project header's filters, kept in the URL by the header (`?lines=1,2&q=text`). */
export interface HeaderFilter {
  lineIds: readonly number[];
  /** Lower-case search text; empty for none. */
  query: string;
}

export function readHeaderFilter(search: URLSearchParams): HeaderFilter {
  const lineIds = (search.get('lines') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return { lineIds, query: (search.get('q') ?? '').trim().toLowerCase() };
}

/** The switches above the map (spec 2 §2 'Upload'). */
export interface UploadSwitches {
  showImages: boolean;
  /** 'unassigned': Only Unassigned (applies while zoomed in; zoomed out only unassigned photos load). */
  imageScope: 'all' | 'unassigned';
  hideArchived: boolean;
  showStructures: boolean;
  /** 'withoutImages': Only Without Images. */
  structureScope: 'all' | 'withoutImages';
}

export const DEFAULT_SWITCHES: UploadSwitches = {
  showImages: true,
  imageScope: 'all',
  hideArchived: false,
  showStructures: true,
  structureScope: 'all',
};

/** Whether the project's name contains one of the Hide Archived keywords (any case). */
export const offersHideArchived = (projectName: string, keywords: readonly string[]): boolean => {
  const name = projectName.toLowerCase();
  return keywords.some((word) => word.length > 0 && name.includes(word.toLowerCase()));
};

/** The structures the header's line and search filters keep (search: structure name or line name). */
export function filterStructures(
  structures: readonly UploadStructure[],
  filter: HeaderFilter,
): UploadStructure[] {
  const lines = filter.lineIds.length > 0 ? new Set(filter.lineIds) : null;
  const q = filter.query;
  return structures.filter(
    (s) =>
      (!lines || lines.has(s.line_id)) &&
      (!q || s.struct_num.toLowerCase().includes(q) || s.line_name.toLowerCase().includes(q)),
  );
}

/** Structures drawn on the map: none when Structure Visibility is off; Only Without Images keeps those with none. */
export function structuresOnMap(structures: readonly UploadStructure[], switches: UploadSwitches) {
  if (!switches.showStructures) return [];
  if (switches.structureScope === 'withoutImages') return structures.filter((s) => s.image_count === 0);
  return structures;
}

/**
 * Photos drawn on the map. Assigned photos follow the header's filters through their structure
 * (`shownStructureIds`); unassigned photos have no line and always stay. Rejected photos are never
 * drawn; archived ones not while Hide Archived is on.
 */
export function imagesOnMap(
  images: readonly UploadImage[],
  switches: UploadSwitches,
  shownStructureIds: ReadonlySet<number> | null,
): UploadImage[] {
  if (!switches.showImages) return [];
  return images.filter(
    (image) =>
      !image.rejected &&
      image.latitude !== null &&
      image.longitude !== null &&
      !(switches.hideArchived && image.archived) &&
      (switches.imageScope === 'all' || image.structure_id === null) &&
      (image.structure_id === null || !shownStructureIds || shownStructureIds.has(image.structure_id)),
  );
}
