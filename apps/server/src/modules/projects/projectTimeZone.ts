import { DEFAULT_PROJECT_TIME_ZONE, isTimeZone } from '@linewalker/domain';
// Offline lookup of the zone at a coordinate (CC0, ~100 kB, no dependencies).
import tzLookup from '@photostructure/tz-lookup';

/**
 * The project's zone from where its work is: the zone at the centre of its structures, else (no
 * structures, or a zone the runtime does not know, such as the sea's Etc/GMT±N) the default.
 */
export function timeZoneAt(center: { lat: number | null; lon: number | null }): string {
  if (center.lat === null || center.lon === null) return DEFAULT_PROJECT_TIME_ZONE;
  try {
    const zone = tzLookup(center.lat, center.lon);
    return isTimeZone(zone) ? zone : DEFAULT_PROJECT_TIME_ZONE;
  } catch {
    return DEFAULT_PROJECT_TIME_ZONE;
  }
}
