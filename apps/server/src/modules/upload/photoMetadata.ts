import { wallClockToInstant } from '@linewalker/domain';
import { zoneAtPosition } from '@linewalker/domain/projects/zoneAt';
import exifr from 'exifr';

/**
 * What the server reads from a stored photo's EXIF and XMP (never from the browser's reading). Pure apart
 * from exifr's parsing of the bytes: the caller hands the first bytes of the file (`METADATA_PREFIX_BYTES`:
 * EXIF and XMP sit in the first segments of a JPEG and the first chunks of a PNG).
 */
export interface PhotoMetadata {
  /** WGS84 degrees; both null when the file has no GPS or an impossible one (0,0 or out of range). */
  latitude: number | null;
  longitude: number | null;
  /** GPS altitude above sea level, metres (negative below). */
  altitude: number | null;
  /** DJI RelativeAltitude: metres above the take-off point. */
  relativeAltitude: number | null;
  /** Degrees clockwise from north the camera looked: gimbal yaw, else flight yaw, else the camera heading. */
  bearing: number | null;
  /** Degrees: 0 horizontal, -90 straight down. */
  gimbalPitch: number | null;
  /** The true instant of capture (UTC). */
  captureTime: Date | null;
  /**
   * The photo's local UTC offset at capture ('+02:00'): the one the camera wrote, else that of the zone
   * where it was taken (its GPS position; the project's without one). Null without a capture time.
   */
  captureOffset: string | null;
  make: string | null;
  model: string | null;
  width: number | null;
  height: number | null;
  /** Every number and string entry of every metadata block, JSON-safe (for `getExif`). */
  exif: Record<string, string | number>;
}

export const METADATA_PREFIX_BYTES = 128 * 1024;

const EMPTY: PhotoMetadata = {
  latitude: null,
  longitude: null,
  altitude: null,
  relativeAltitude: null,
  bearing: null,
  gimbalPitch: null,
  captureTime: null,
  captureOffset: null,
  make: null,
  model: null,
  width: null,
  height: null,
  exif: {},
};

type Block = Record<string, unknown>;

/** A finite number from a number or a numeric string ('+12.50', DJI writes a leading plus; '3/2' rationals). */
function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const ratio = /^([+-]?\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(text);
  if (ratio) {
    const d = Number(ratio[2]);
    return d === 0 ? null : Number(ratio[1]) / d;
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function str(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Cameras pad fixed-size fields with NULs and spaces; PostgreSQL text cannot hold NUL.
  const text = value.replace(/\0/g, '').trim();
  return text === '' ? null : text;
}

const firstNumber = (...values: unknown[]): number | null => {
  for (const v of values) {
    const n = num(v);
    if (n !== null) return n;
  }
  return null;
};

/** Degrees in [0, 360). */
const normaliseBearing = (deg: number | null): number | null =>
  deg === null ? null : ((deg % 360) + 360) % 360;

/** '+02:00', '-0530', 'Z' → '+02:00' / '-05:30' / '+00:00'; anything else null. */
export function normaliseOffset(value: unknown): string | null {
  const text = str(value);
  if (!text) return null;
  if (text === 'Z') return '+00:00';
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (hours > 14 || minutes > 59) return null;
  return `${m[1]}${m[2]}:${m[3]}`;
}

/** An EXIF 'YYYY:MM:DD HH:mm:ss' wall time as milliseconds written as if UTC; null when impossible. */
function wallTime(dateTimeOriginal: unknown, subSeconds: unknown): number | null {
  const text = str(dateTimeOriginal);
  if (!text) return null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const sub = str(subSeconds);
  const ms = sub && /^\d+$/.test(sub) ? Math.floor(Number(`0.${sub}`) * 1000) : 0;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  return new Date(wall).getUTCDate() === d ? wall : null;
}

const offsetMinutes = (offset: string): number =>
  (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/**
 * The UTC instant of the GPS date and time stamps (GPS time is UTC by definition): GPSDateStamp
 * 'YYYY:MM:DD' and GPSTimeStamp [h, m, s] (numbers, rationals) or 'hh:mm:ss'. Null when either is
 * missing or impossible.
 */
export function gpsInstant(dateStamp: unknown, timeStamp: unknown): Date | null {
  const date = /^(\d{4})[:-](\d{2})[:-](\d{2})$/.exec(str(dateStamp) ?? '');
  if (!date) return null;
  const parts = Array.isArray(timeStamp) ? timeStamp.map(num) : (str(timeStamp)?.split(':').map(num) ?? []);
  if (parts.length !== 3 || parts.some((p) => p === null)) return null;
  const [h, mi, s] = parts as [number, number, number];
  const [y, mo, d] = date.slice(1).map(Number) as [number, number, number];
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s >= 61) return null;
  const instant = Date.UTC(y, mo - 1, d, h, mi, Math.floor(s), Math.round((s % 1) * 1000));
  return new Date(instant).getUTCDate() === d ? new Date(instant) : null;
}

/** '+02:00' for an offset in minutes. */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The zone's UTC offset at an instant, in whole minutes. */
function zoneOffsetAt(instant: Date, timeZone: string): number {
  const local = wallClockToInstant(instant.getTime(), timeZone);
  return Math.round((instant.getTime() - local.getTime()) / 60_000);
}

export interface CaptureInput {
  dateTimeOriginal: unknown;
  subSeconds: unknown;
  /** OffsetTimeOriginal, normalised. */
  offset: string | null;
  gpsDateStamp: unknown;
  gpsTimeStamp: unknown;
  latitude: number | null;
  longitude: number | null;
  /** The project's zone: the last resort for a photo with no offset, no GPS time and no position. */
  projectTimeZone: string;
}

/**
 * When a photo was taken, in UTC, and its local offset. The camera's clock has no zone of its own
 * (DateTimeOriginal), so: with OffsetTimeOriginal, that offset; else the GPS date/time stamps (UTC);
 * else the camera time read in the zone of the photo's own GPS position; else in the project's zone.
 */
export function captureInstant(input: CaptureInput): { time: Date | null; offset: string | null } {
  const wall = wallTime(input.dateTimeOriginal, input.subSeconds);
  const zone = zoneAtPosition(input.latitude, input.longitude) ?? input.projectTimeZone;
  if (wall !== null && input.offset) {
    return { time: new Date(wall - offsetMinutes(input.offset) * 60_000), offset: input.offset };
  }
  const gps = gpsInstant(input.gpsDateStamp, input.gpsTimeStamp);
  const time = gps ?? (wall === null ? null : wallClockToInstant(wall, zone));
  return { time, offset: time === null ? null : formatOffset(zoneOffsetAt(time, zone)) };
}

/** Number and string entries of every block, flattened (`CameraOrientationNED` → its members). */
function flatEntries(blocks: Block): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const add = (key: string, value: unknown, depth: number) => {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) out[key] = value;
    } else if (typeof value === 'string') {
      const text = str(value);
      if (text !== null && text.length <= 1000) out[key] = text;
    } else if (value && typeof value === 'object' && !Array.isArray(value) && depth < 2) {
      if (value instanceof Uint8Array || ArrayBuffer.isView(value)) return;
      for (const [k, v] of Object.entries(value as Block)) {
        if (k !== 'parseType') add(`${key}${k}`, v, depth + 1);
      }
    }
  };
  for (const block of Object.values(blocks)) {
    if (!block || typeof block !== 'object') continue;
    for (const [k, v] of Object.entries(block as Block)) {
      // Numeric tag ids are tags exifr has no name for: noise to a reader.
      if (/^\d+$/.test(k) || k in out) continue;
      add(k, v, 0);
    }
  }
  // Lone surrogates cannot be stored as UTF-8 text.
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'string' && /[\uD800-\uDFFF]/.test(v)) delete out[k];
  }
  return out;
}

const validPosition = (lat: number | null, lon: number | null): lat is number =>
  lat !== null &&
  lon !== null &&
  lat >= -90 &&
  lat <= 90 &&
  lon >= -180 &&
  lon <= 180 &&
  !(Math.abs(lat) < 1e-9 && Math.abs(lon) < 1e-9);

/** Reads the metadata of a photo's first bytes; a file without readable metadata yields empty values. */
export async function readPhotoMetadata(prefix: Uint8Array, timeZone: string): Promise<PhotoMetadata> {
  let parsed: Block | undefined;
  try {
    parsed = (await exifr.parse(Buffer.from(prefix.buffer, prefix.byteOffset, prefix.byteLength), {
      tiff: true,
      exif: true,
      gps: true,
      xmp: true,
      ifd1: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: true,
      makerNote: false,
      userComment: false,
      mergeOutput: false,
      reviveValues: false,
      translateValues: false,
      translateKeys: true,
    })) as Block | undefined;
  } catch {
    return { ...EMPTY };
  }
  if (!parsed) return { ...EMPTY };
  const block = (name: string): Block => (parsed?.[name] as Block | undefined) ?? {};
  const ifd0 = block('ifd0');
  const exif = block('exif');
  const gps = block('gps');
  const ihdr = block('ihdr');
  const dji = block('drone-dji');
  const skydio = block('drone-skydio');
  // Pix4D's camera block, written by Parrot drones.
  const camera = block('Camera');
  const skydioCamera = (skydio.CameraOrientationNED as Block | undefined) ?? {};

  let latitude = firstNumber(parsed.latitude, gps.latitude);
  let longitude = firstNumber(parsed.longitude, gps.longitude);
  if (!validPosition(latitude, longitude)) {
    latitude = null;
    longitude = null;
  }
  let altitude = num(gps.GPSAltitude);
  if (
    altitude !== null &&
    (gps.GPSAltitudeRef === 1 || (gps.GPSAltitudeRef as Block | undefined)?.[0] === 1)
  ) {
    altitude = -altitude;
  }
  const capture = captureInstant({
    dateTimeOriginal: exif.DateTimeOriginal,
    subSeconds: exif.SubSecTimeOriginal,
    offset: normaliseOffset(exif.OffsetTimeOriginal),
    gpsDateStamp: gps.GPSDateStamp,
    gpsTimeStamp: gps.GPSTimeStamp,
    latitude,
    longitude,
    projectTimeZone: timeZone,
  });
  return {
    latitude,
    longitude,
    altitude,
    relativeAltitude: num(dji.RelativeAltitude),
    bearing: normaliseBearing(
      firstNumber(
        dji.GimbalYawDegree,
        dji.FlightYawDegree,
        skydioCamera.Yaw,
        camera.Yaw,
        gps.GPSImgDirection,
      ),
    ),
    gimbalPitch: firstNumber(dji.GimbalPitchDegree, skydioCamera.Pitch, camera.Pitch),
    captureTime: capture.time,
    captureOffset: capture.offset,
    make: str(ifd0.Make)?.slice(0, 100) ?? null,
    model: str(ifd0.Model)?.slice(0, 100) ?? null,
    width: firstNumber(exif.ExifImageWidth, ihdr.ImageWidth, ifd0.ImageWidth),
    height: firstNumber(exif.ExifImageHeight, ihdr.ImageHeight, ifd0.ImageHeight),
    exif: flatEntries(parsed),
  };
}
