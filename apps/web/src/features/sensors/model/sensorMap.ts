/** Spec 3 §9: cluster radius 75, clusters up to zoom 16 (shown under 17), a click zooms in at most to 20. */
export const SENSOR_MAP = {
  height: 550,
  zoom: 14,
  clusterRadius: 75,
  clusterMaxZoom: 16,
  expansionMaxZoom: 20,
  paddingDeg: 0.001,
};
