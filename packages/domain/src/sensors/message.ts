import { z } from 'zod';
import { SensorMessage, type SensorMessageValue } from '../api/sensors.ts';

/** The same pattern SensorMessage's payload_time is checked with (zod's ISO date-time with an offset). */
const PAYLOAD_TIME = z.regexes.datetime({ offset: true });
const MEASURES = new Set(['methane', 'nitrus_oxide', 'carbon_dioxide', 'temp_humidity', 'uv']);
const SERIES_MAX = 1000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isSeries(v: unknown): boolean {
  if (!Array.isArray(v) || v.length > SERIES_MAX) return false;
  for (const e of v) {
    if (!isObject(e)) return false;
    let keys = 0;
    for (const k in e) {
      if ((k !== 'x' && k !== 'y' && k !== 'z') || !Number.isFinite(e[k])) return false;
      keys++;
    }
    if (keys !== 3) return false;
  }
  return true;
}

function isPayload(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const k in v) {
    const value = v[k];
    if (k === 'tilt' || k === 'vibration') {
      if (!isSeries(value)) return false;
    } else if (!MEASURES.has(k) || !Number.isFinite(value)) return false;
  }
  return true;
}

/**
 * SensorMessage.safeParse for a message of the device contract fresh from JSON.parse (the ingest: 10,000 a
 * second), without zod's copy of every object: a plain check of the common case that answers the message
 * itself with payload_time made a Date, and anything it is not sure of (a wrong field, an own `__proto__`)
 * goes through SensorMessage, so a refused message gets zod's issues word for word and an accepted one the
 * same value. `json` is taken over (payload_time replaced in place).
 */
export function parseSensorMessage(json: unknown): ReturnType<typeof SensorMessage.safeParse> {
  if (isObject(json) && Object.getPrototypeOf(json) === Object.prototype) {
    let fields = 0;
    let ok = true;
    for (const k in json) {
      fields++;
      if (k !== 'payload_time' && k !== 'payload' && k !== 'battery') ok = false;
    }
    const { payload_time: time, payload, battery } = json;
    if (
      ok &&
      fields === ('battery' in json ? 3 : 2) &&
      typeof time === 'string' &&
      PAYLOAD_TIME.test(time) &&
      isPayload(payload) &&
      (battery === undefined || (typeof battery === 'number' && battery >= 0 && battery <= 100))
    ) {
      json.payload_time = new Date(time);
      return { success: true, data: json as unknown as SensorMessageValue };
    }
  }
  return SensorMessage.safeParse(json);
}
