import { isValidCoordinatePair, type UploadImage } from '@linewalker/domain';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Source types of a structure (spec 2 §3: 1 manual, 2 KMZ, 3 nadir). */
export function structureType(sourceTypeId: number): string {
  switch (sourceTypeId) {
    case 1:
      return 'Manual';
    case 2:
      return 'KMZ';
    case 3:
      return 'Nadir';
    default:
      return '--';
  }
}

/** Coordinates with 10 decimals (spec 2 §9), 'Invalid Coordinates' for an unusable pair, -- for none. */
export function coordinatesText(latitude: number | null, longitude: number | null): string {
  if (latitude === null && longitude === null) return '--';
  if (!isValidCoordinatePair(latitude, longitude)) return 'Invalid Coordinates';
  return `${latitude!.toFixed(10)}, ${longitude!.toFixed(10)}`;
}

/** Distance of a photo from its structure, in metres; -- when not known. */
export const distanceText = (metres: number | null): string =>
  metres === null
    ? '--'
    : `${metres < 10 ? metres.toFixed(1) : Math.round(metres).toLocaleString('en-US')} m`;

/** Make and model, without repeating the make when the model already starts with it. */
export function droneModel(image: Pick<UploadImage, 'camera_make' | 'camera_model'>): string {
  const make = image.camera_make?.trim() ?? '';
  const model = image.camera_model?.trim() ?? '';
  if (!make && !model) return '--';
  if (model.toLowerCase().startsWith(make.toLowerCase())) return model || make;
  return [make, model].filter(Boolean).join(' ');
}

/** MM/DD/YYYY in the viewer's zone; -- for none. */
export const dateText = (iso: string | null): string => (iso ? dayjs(iso).format('MM/DD/YYYY') : '--');

/** MM/DD/YYYY HH:mm UTC (spec 2 §9), for capture times; -- for none. */
export const utcTimeText = (iso: string | null): string =>
  iso ? `${dayjs.utc(iso).format('MM/DD/YYYY HH:mm')} UTC` : '--';

/**
 * A capture time as the spec writes it (UTC), then as the photo's own clock showed it, with its offset:
 * '06/02/2022 12:35 UTC · 14:35 local (UTC+02:00)'. Without an offset, the UTC text alone.
 */
export function captureTimeText(iso: string | null, offset: string | null | undefined): string {
  if (!iso) return '--';
  const utc = utcTimeText(iso);
  const m = offset ? /^([+-])(\d{2}):(\d{2})$/.exec(offset) : null;
  if (!m) return utc;
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  const local = dayjs.utc(iso).add(minutes, 'minute');
  const sameDay = local.format('MM/DD/YYYY') === dayjs.utc(iso).format('MM/DD/YYYY');
  return `${utc} · ${local.format(sameDay ? 'HH:mm' : 'MM/DD/YYYY HH:mm')} local (UTC${offset})`;
}
