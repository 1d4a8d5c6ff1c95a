/**
 * 'GPSLatitude' → 'GPS Latitude', 'dateTimeOriginal' → 'Date Time Original', 'FNumber' → 'F Number'
 * (spec 2 §2: camel-case names split into words).
 */
export function splitCamelCase(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface ExifEntry {
  name: string;
  value: string;
}

/** Only number and string values, in the file's order, named in words (spec 2 §2 'Image details modal'). */
export function exifEntries(exif: Record<string, unknown>): ExifEntry[] {
  const entries: ExifEntry[] = [];
  for (const [key, value] of Object.entries(exif)) {
    if (typeof value === 'number' && Number.isFinite(value)) {
      entries.push({ name: splitCamelCase(key), value: String(value) });
    } else if (typeof value === 'string') {
      entries.push({ name: splitCamelCase(key), value });
    }
  }
  return entries;
}

/** 2,345,678 bytes → '2.24 MB (2,345,678 bytes)'. */
export function sizeText(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < 1024) return exact;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${units[unit]} (${exact})`;
}
