import { createRequire } from 'node:module';
import type { ZipCode } from 'zipcodes';

/**
 * An offline gazetteer of US places for pilots' home bases: the ZIP code centroids of the `zipcodes`
 * package (BSD licence, ~41,000 US ZIP codes with city, state and coordinates). A place is the mean of its
 * ZIP centroids. Loaded on first use (about 5 MB of data), so servers that never geocode never pay for it.
 */
export interface Place {
  name: string;
  latitude: number;
  longitude: number;
}

interface Index {
  byCityState: Map<string, Place>;
  byZip: Map<string, Place>;
  /** Full state names (lower case) to their two-letter codes. */
  stateCodes: Map<string, string>;
}

let index: Index | null = null;

const key = (city: string, state: string) => `${city.toLowerCase()}|${state.toUpperCase()}`;
/** 'St. Louis', 'Saint Louis' and 'st louis' are one place. */
const normaliseCity = (city: string) =>
  city
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/^saint\s+/, 'st ')
    .replace(/^ft\s+/, 'fort ')
    .replace(/\s+/g, ' ')
    .trim();

function load(): Index {
  if (index) return index;
  // The package is CommonJS with one large object literal; require keeps it out of the ESM graph.
  const zipcodes = createRequire(import.meta.url)('zipcodes') as {
    codes: Record<string, ZipCode>;
    states: { abbr: Record<string, string> };
  };
  const sums = new Map<string, { city: string; state: string; lat: number; lon: number; n: number }>();
  const byZip = new Map<string, Place>();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== 'US' || !Number.isFinite(code.latitude) || !Number.isFinite(code.longitude))
      continue;
    const k = key(normaliseCity(code.city), code.state);
    const sum = sums.get(k) ?? { city: code.city, state: code.state, lat: 0, lon: 0, n: 0 };
    sum.lat += code.latitude;
    sum.lon += code.longitude;
    sum.n += 1;
    sums.set(k, sum);
    byZip.set(code.zip, {
      name: `${code.city}, ${code.state} ${code.zip}`,
      latitude: code.latitude,
      longitude: code.longitude,
    });
  }
  const byCityState = new Map<string, Place>();
  for (const [k, s] of sums) {
    byCityState.set(k, { name: `${s.city}, ${s.state}`, latitude: s.lat / s.n, longitude: s.lon / s.n });
  }
  const stateCodes = new Map<string, string>();
  for (const [abbr, full] of Object.entries(zipcodes.states.abbr)) stateCodes.set(full.toLowerCase(), abbr);
  index = { byCityState, byZip, stateCodes };
  return index;
}

/**
 * The place a home base names, or null: 'Denver CO', 'Denver, CO', 'Denver, Colorado', 'St. Louis MO' or a
 * five-digit ZIP code ('80202'). A city without its state is ambiguous (Springfield) and not looked up.
 */
export function geocodeUsPlace(text: string): Place | null {
  const q = text.trim().replace(/\s+/g, ' ');
  if (q === '') return null;
  const { byCityState, byZip, stateCodes } = load();
  const zip = /\b(\d{5})(?:-\d{4})?$/.exec(q);
  if (zip && q.replace(zip[0], '').trim() === '') return byZip.get(zip[1]!) ?? null;
  const withoutZip = zip ? q.slice(0, zip.index).trim() : q;
  // "City, State" or "City State": the state is the last word(s) after a comma, or the last word.
  const comma = withoutZip.lastIndexOf(',');
  const candidates: Array<[string, string]> = [];
  if (comma > 0) candidates.push([withoutZip.slice(0, comma), withoutZip.slice(comma + 1)]);
  const words = withoutZip.replace(/,/g, ' ').split(' ').filter(Boolean);
  for (let i = words.length - 1; i >= 1; i--)
    candidates.push([words.slice(0, i).join(' '), words.slice(i).join(' ')]);
  for (const [city, stateText] of candidates) {
    const s = stateText.trim().toLowerCase();
    const state = s.length === 2 ? s.toUpperCase() : stateCodes.get(s);
    if (!state) continue;
    const place = byCityState.get(key(normaliseCity(city), state));
    if (place) return place;
  }
  return null;
}
