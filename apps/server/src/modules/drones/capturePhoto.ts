import type { DroneStatus } from '@linewalker/domain';
import sharp from 'sharp';

/** Degrees → EXIF's 'd/1 m/1 s/10000' rational triple (absolute value; the sign goes in the Ref tag). */
function dms(degrees: number): string {
  const abs = Math.abs(degrees);
  const d = Math.floor(abs);
  const minutes = (abs - d) * 60;
  const m = Math.floor(minutes);
  const s = Math.round((minutes - m) * 60 * 10_000);
  return `${d}/1 ${m}/1 ${s}/10000`;
}

const rational = (value: number, scale = 100) => `${Math.round(Math.abs(value) * scale)}/${scale}`;
const signed = (n: number) => (n >= 0 ? `+${n.toFixed(2)}` : n.toFixed(2));

/** '2026:11:28 14:05:09' (UTC). */
const exifTime = (d: Date) => d.toISOString().slice(0, 19).replace(/-/g, ':').replace('T', ' ');

/**
 * A console capture as a drone photo: the camera frame with the EXIF a drone writes (GPS latitude,
 * longitude and altitude above sea level, heading as GPSImgDirection, UTC capture time with its offset,
 * make and model) and DJI's XMP (height above home, gimbal pitch and yaw, flight yaw), so the photo
 * pipeline reads and assigns it like any uploaded drone photo.
 */
export async function capturePhotoJpeg(
  frame: Buffer,
  status: DroneStatus,
  takenAt: Date,
  model: string,
): Promise<Buffer> {
  const { lat, lon, alt } = status.location;
  const heading = ((status.heading % 360) + 360) % 360;
  const gps: Record<string, string> = {
    GPSLatitudeRef: lat >= 0 ? 'N' : 'S',
    GPSLatitude: dms(lat),
    GPSLongitudeRef: lon >= 0 ? 'E' : 'W',
    GPSLongitude: dms(lon),
    GPSAltitudeRef: alt >= 0 ? '0' : '1',
    GPSAltitude: rational(alt),
    GPSImgDirectionRef: 'T',
    GPSImgDirection: rational(heading),
  };
  const xmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" ' +
    `drone-dji:RelativeAltitude="${signed(status.altitude)}" ` +
    `drone-dji:GimbalPitchDegree="${signed(status.gimbalPitch)}" ` +
    `drone-dji:GimbalYawDegree="${signed(heading)}" ` +
    `drone-dji:FlightYawDegree="${signed(heading)}"/>` +
    '</rdf:RDF></x:xmpmeta>';
  return sharp(frame)
    .withExif({
      IFD0: { Make: 'Linewalker', Model: model },
      IFD2: { DateTimeOriginal: exifTime(takenAt), OffsetTimeOriginal: '+00:00' },
      IFD3: gps,
    })
    .withXmp(xmp)
    .jpeg({ quality: 90 })
    .toBuffer();
}
