import sharp from 'sharp';

/**
 * Generated drone photos for the demo, tests and benchmarks: real JPEGs carrying the EXIF and DJI XMP
 * a drone writes (GPS, altitude, time with offset, make/model, gimbal pitch and yaw), made with sharp so
 * `npm test` needs no files from outside the repository. Each photo's pixels differ (its label is drawn
 * on it), so every one has its own md5.
 */
export interface DronePhotoSpec {
  /** Drawn on the photo; also makes its bytes unique. */
  label: string;
  latitude?: number;
  longitude?: number;
  /** GPS altitude above sea level, metres. */
  altitude?: number;
  /** DJI RelativeAltitude, metres above take-off. */
  relativeAltitude?: number;
  /** Degrees; -90 looks straight down. */
  gimbalPitch?: number;
  /** Degrees clockwise from north. */
  gimbalYaw?: number;
  flightYaw?: number;
  /** Local capture time as the camera writes it: 'YYYY:MM:DD HH:mm:ss'. */
  dateTimeOriginal?: string;
  /** '+02:00'; omitted → the file has no offset. */
  offsetTimeOriginal?: string;
  /** GPS date and time stamps (UTC): 'YYYY:MM:DD' and 'hh:mm:ss'; omitted → none. */
  gpsDateStamp?: string;
  gpsTimeStamp?: string;
  make?: string;
  model?: string;
  width?: number;
  height?: number;
  format?: 'jpeg' | 'png';
}

/** Degrees → EXIF 'd/1 m/1 s/100' rational triple (absolute value; the sign goes in the Ref tag). */
function dmsRational(degrees: number): string {
  const abs = Math.abs(degrees);
  const d = Math.floor(abs);
  const minutesFull = (abs - d) * 60;
  const m = Math.floor(minutesFull);
  const s = Math.round((minutesFull - m) * 60 * 10_000);
  return `${d}/1 ${m}/1 ${s}/10000`;
}

function djiXmp(spec: DronePhotoSpec): string | null {
  const attrs: string[] = [];
  const signed = (n: number) => (n >= 0 ? `+${n.toFixed(2)}` : n.toFixed(2));
  if (spec.relativeAltitude !== undefined)
    attrs.push(`drone-dji:RelativeAltitude="${signed(spec.relativeAltitude)}"`);
  if (spec.gimbalPitch !== undefined) attrs.push(`drone-dji:GimbalPitchDegree="${signed(spec.gimbalPitch)}"`);
  if (spec.gimbalYaw !== undefined) attrs.push(`drone-dji:GimbalYawDegree="${signed(spec.gimbalYaw)}"`);
  if (spec.flightYaw !== undefined) attrs.push(`drone-dji:FlightYawDegree="${signed(spec.flightYaw)}"`);
  if (attrs.length === 0) return null;
  return (
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" ${attrs.join(' ')}/>` +
    '</rdf:RDF></x:xmpmeta>'
  );
}

function labelHue(label: string): number {
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function dronePhoto(spec: DronePhotoSpec): Promise<Buffer> {
  const width = spec.width ?? 640;
  const height = spec.height ?? 480;
  const hue = labelHue(spec.label);
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="hsl(${hue},35%,45%)"/>` +
      `<rect x="${width * 0.45}" y="${height * 0.1}" width="${width * 0.1}" height="${height * 0.8}" fill="#4a3b2a"/>` +
      `<text x="20" y="${height - 24}" font-size="28" font-family="sans-serif" fill="#fff">${escapeXml(spec.label)}</text>` +
      '</svg>',
  );
  const ifd0: Record<string, string> = { Make: spec.make ?? 'DJI', Model: spec.model ?? 'FC6310' };
  const ifd2: Record<string, string> = {};
  if (spec.dateTimeOriginal) ifd2.DateTimeOriginal = spec.dateTimeOriginal;
  if (spec.offsetTimeOriginal) ifd2.OffsetTimeOriginal = spec.offsetTimeOriginal;
  const gps: Record<string, string> = {};
  if (spec.latitude !== undefined && spec.longitude !== undefined) {
    gps.GPSLatitudeRef = spec.latitude >= 0 ? 'N' : 'S';
    gps.GPSLatitude = dmsRational(spec.latitude);
    gps.GPSLongitudeRef = spec.longitude >= 0 ? 'E' : 'W';
    gps.GPSLongitude = dmsRational(spec.longitude);
  }
  if (spec.altitude !== undefined) {
    gps.GPSAltitudeRef = spec.altitude >= 0 ? '0' : '1';
    gps.GPSAltitude = `${Math.round(Math.abs(spec.altitude) * 100)}/100`;
  }
  if (spec.gpsDateStamp) gps.GPSDateStamp = spec.gpsDateStamp;
  if (spec.gpsTimeStamp)
    gps.GPSTimeStamp = spec.gpsTimeStamp
      .split(':')
      .map((n) => `${Number(n)}/1`)
      .join(' ');
  let image = sharp(svg).withExif({ IFD0: ifd0, IFD2: ifd2, IFD3: gps });
  const xmp = djiXmp(spec);
  if (xmp) image = image.withXmp(xmp);
  return spec.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

/** Metres → degrees of latitude / of longitude at a latitude (small distances). */
export const metresToLat = (m: number) => m / 111_320;
export const metresToLon = (m: number, latitude: number) =>
  m / (111_320 * Math.cos((latitude * Math.PI) / 180));

export interface FlightPhoto {
  name: string;
  bytes: Buffer;
  spec: DronePhotoSpec;
}

/**
 * A generated flight: `perStructure` photos around each structure, taken from `standoffMetres` away,
 * looking at it (gimbal yaw towards the structure, pitch down to it), with capture times one minute apart.
 */
export async function flightAround(
  structures: { name: string; latitude: number; longitude: number }[],
  options: { perStructure?: number; standoffMetres?: number; startTime?: Date; offset?: string } = {},
): Promise<FlightPhoto[]> {
  const perStructure = options.perStructure ?? 5;
  const standoff = options.standoffMetres ?? 20;
  const start = options.startTime ?? new Date('2026-11-20T15:00:00Z');
  const photos: FlightPhoto[] = [];
  let shot = 0;
  for (const s of structures) {
    for (let k = 0; k < perStructure; k++) {
      const bearingFromStructure = (360 / perStructure) * k;
      const rad = (bearingFromStructure * Math.PI) / 180;
      const latitude = s.latitude + metresToLat(standoff * Math.cos(rad));
      const longitude = s.longitude + metresToLon(standoff * Math.sin(rad), s.latitude);
      const t = new Date(start.getTime() + shot * 60_000);
      const spec: DronePhotoSpec = {
        label: `${s.name} #${k + 1}`,
        latitude,
        longitude,
        altitude: 320,
        relativeAltitude: 25,
        gimbalPitch: -45,
        gimbalYaw: (bearingFromStructure + 180) % 360,
        flightYaw: (bearingFromStructure + 180) % 360,
        dateTimeOriginal: exifLocalTime(t, options.offset ?? '+00:00'),
        offsetTimeOriginal: options.offset ?? '+00:00',
      };
      photos.push({
        name: `DJI_${String(shot + 1).padStart(4, '0')}.JPG`,
        bytes: await dronePhoto(spec),
        spec,
      });
      shot++;
    }
  }
  return photos;
}

/** A UTC moment as the camera's local 'YYYY:MM:DD HH:mm:ss' for a '+hh:mm' offset. */
export function exifLocalTime(utc: Date, offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hh, mm] = offset.slice(1).split(':').map(Number);
  const local = new Date(utc.getTime() + sign * ((hh ?? 0) * 60 + (mm ?? 0)) * 60_000);
  const iso = local.toISOString();
  return `${iso.slice(0, 4)}:${iso.slice(5, 7)}:${iso.slice(8, 10)} ${iso.slice(11, 19)}`;
}
