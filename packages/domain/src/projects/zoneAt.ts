// Offline lookup of the zone at a coordinate (CC0, ~100 kB, no dependencies). Its own module, imported by
// path (`@linewalker/domain/projects/zoneAt`), so pages that never need it do not carry it.
import tzLookup from '@photostructure/tz-lookup';
import { DEFAULT_PROJECT_TIME_ZONE, isTimeZone } from './timeZone.ts';

/** The IANA zone at a position, or null (no position, the sea's Etc/GMT±N, a zone the runtime lacks). */
export function zoneAtPosition(lat: number | null, lon: number | null): string | null {
  if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  try {
    const zone = tzLookup(lat, lon);
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * The project's zone from where its work is: the zone at the centre of its structures, else (no
 * structures, or no land zone there) the default. The server and the project form use this one rule.
 */
export function timeZoneAt(center: { lat: number | null; lon: number | null }): string {
  return zoneAtPosition(center.lat, center.lon) ?? DEFAULT_PROJECT_TIME_ZONE;
}
