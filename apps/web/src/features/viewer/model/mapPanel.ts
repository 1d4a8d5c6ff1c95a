/** The viewer's map panel layouts (spec 2 §2 'Annotation panels': halfScreen, bottomLeft, minimized). */
export const MAP_PANEL_MODES = ['halfScreen', 'bottomLeft', 'minimized'] as const;
export type MapPanelMode = (typeof MAP_PANEL_MODES)[number];

export const MAP_PANEL_LABELS: Record<MapPanelMode, string> = {
  halfScreen: 'Half Screen',
  bottomLeft: 'Bottom Left',
  minimized: 'Minimize',
};

/** The satellite map's zoom (spec 2 §9 'satellite image zoom 19'). */
export const VIEWER_MAP_ZOOM = 19;

const STORAGE_KEY = 'linewalker.viewer.mapPanel';

/** The layout the reviewer chose last; minimized until they open the map, so it never covers a first photo. */
export function storedMapPanelMode(): MapPanelMode {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return (MAP_PANEL_MODES as readonly string[]).includes(value ?? '')
      ? (value as MapPanelMode)
      : 'minimized';
  } catch {
    return 'minimized';
  }
}

export function storeMapPanelMode(mode: MapPanelMode): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // Private windows may refuse storage: the choice then lasts for this viewer only.
  }
}
