/**
 * The overview map (spec 2 §4 'Upload map behaviour' last line, §9): clusters of radius 75 up to zoom 16 (so
 * clusters show below zoom 17), a cluster click zooms in to where it splits but never past 20, the map starts
 * at zoom 13.
 */
export const OVERVIEW_MAP = {
  clusterRadius: 75,
  clusterMaxZoom: 16,
  expansionMaxZoom: 20,
  defaultZoom: 13,
  /** Where a structure picked in the table is shown: close enough that it stands alone. */
  structureZoom: 18,
} as const;
