/** Near the geographic centre of the contiguous United States (Lebanon, Kansas), zoomed to show it all. */
export const DEFAULT_VIEW = { center: [-98.5795, 39.8283] as [number, number], zoom: 4 };
