import type { SensorStructureValue } from '@linewalker/domain';
import { compareText } from '../../../components/DataTable/sorting.ts';

export type SensorColumnId =
  | 'line_name'
  | 'struct_num'
  | 'tilt_x'
  | 'tilt_y'
  | 'tilt_z'
  | 'recent_vibration_x'
  | 'recent_vibration_y'
  | 'recent_vibration_z'
  | 'alert';
export interface SensorSort {
  column: SensorColumnId;
  direction: 'asc' | 'desc';
}

/** Spec 3 §9: sensor values to 3 decimals, vibration and tilt to 2; N/A when there is none. */
export const round = (value: number | null | undefined, decimals = 2): string =>
  value === null || value === undefined ? 'N/A' : String(Number(value.toFixed(decimals)));

/** MM/DD/YYYY h:mm:ssa in the viewer's time zone, e.g. 11/28/2026 6:05:09am. */
export function formatReadingTime(iso: string | null): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = d.getHours() % 12 || 12;
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${h}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${d.getHours() < 12 ? 'am' : 'pm'}`;
}

/** The risk select (-1 all) and 'Search Line or Structure' (any case, in the line or structure name). */
export function filterSensors(rows: readonly SensorStructureValue[], risk: number, search: string) {
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (risk === -1 || r.alert === risk) &&
      (!needle ||
        (r.line_name ?? '').toLowerCase().includes(needle) ||
        (r.struct_num ?? '').toLowerCase().includes(needle)),
  );
}

/** Sorted by a column; empty values last either way. */
export function sortSensors(rows: SensorStructureValue[], sort: SensorSort | null): SensorStructureValue[] {
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.column];
    const y = b[sort.column];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (
      sign * (typeof x === 'number' && typeof y === 'number' ? x - y : compareText(String(x), String(y)))
    );
  });
}

/** Spec 3 §2: clicking the same header again toggles the direction. */
export const toggleSort = (current: SensorSort | null, column: SensorColumnId): SensorSort =>
  current?.column === column
    ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { column, direction: 'asc' };

/** Coordinates a map can use. */
export const hasPosition = (r: SensorStructureValue): boolean =>
  r.latitude !== null &&
  r.longitude !== null &&
  Math.abs(r.latitude) <= 90 &&
  Math.abs(r.longitude) <= 180 &&
  !(r.latitude === 0 && r.longitude === 0);
