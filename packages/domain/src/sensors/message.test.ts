import { describe, expect, it } from 'vitest';
import { SensorMessage } from '../api/sensors.ts';
import { parseSensorMessage } from './message.ts';

const xyz = { x: 1.5, y: -0.2, z: 89 };
const ok = {
  payload_time: '2026-01-01T00:00:01.000Z',
  payload: { tilt: [xyz], vibration: [{ x: 0.1, y: 0.05, z: 0.02 }] },
  battery: 80,
};

/** Messages as devices send them (JSON text), valid and not. */
const messages: string[] = [
  JSON.stringify(ok),
  JSON.stringify({ ...ok, battery: undefined }),
  JSON.stringify({ ...ok, payload_time: '2026-01-01T02:00:00+02:00' }),
  JSON.stringify({ ...ok, payload_time: '2024-02-29T23:59:59.123456-05:30' }),
  JSON.stringify({
    ...ok,
    payload: { methane: 1, nitrus_oxide: 2, carbon_dioxide: 3, temp_humidity: 4, uv: 5 },
  }),
  JSON.stringify({ ...ok, payload: {} }),
  JSON.stringify({ ...ok, payload: { tilt: [] } }),
  JSON.stringify({ ...ok, battery: 0 }),
  JSON.stringify({ ...ok, battery: 100 }),
  // Refused ones.
  JSON.stringify({ ...ok, battery: 100.5 }),
  JSON.stringify({ ...ok, battery: -1 }),
  JSON.stringify({ ...ok, battery: '80' }),
  JSON.stringify({ ...ok, payload_time: '2026-02-30T00:00:00Z' }),
  JSON.stringify({ ...ok, payload_time: '2026-01-01T00:00:00' }),
  JSON.stringify({ ...ok, payload_time: '2026-01-01T24:00:00Z' }),
  JSON.stringify({ ...ok, payload_time: 1767225600000 }),
  JSON.stringify({ ...ok, extra: 1 }),
  JSON.stringify({ payload: ok.payload }),
  JSON.stringify({ ...ok, payload: { ...ok.payload, sound: 3 } }),
  JSON.stringify({ ...ok, payload: { tilt: [{ ...xyz, w: 1 }] } }),
  JSON.stringify({ ...ok, payload: { tilt: [{ x: 1, y: 2 }] } }),
  JSON.stringify({ ...ok, payload: { tilt: [[1, 2, 3]] } }),
  JSON.stringify({ ...ok, payload: { tilt: xyz } }),
  JSON.stringify({ ...ok, payload: { vibration: Array.from({ length: 1001 }, () => xyz) } }),
  JSON.stringify({ ...ok, payload: { uv: null } }),
  JSON.stringify({ ...ok, payload: [] }),
  '{"payload_time":"2026-01-01T00:00:00Z","payload":{"uv":1e999}}',
  '{"payload_time":"2026-01-01T00:00:00Z","payload":{"tilt":[{"x":1e999,"y":0,"z":0}]}}',
  '{"payload_time":"2026-01-01T00:00:00Z","payload":{},"__proto__":{"battery":5}}',
  '{"payload_time":"2026-01-01T00:00:00Z","payload":{"__proto__":{"uv":5}}}',
  '[]',
  'null',
  '"text"',
];

describe('parseSensorMessage', () => {
  it.each(messages)('answers what SensorMessage.safeParse answers: %s', (text) => {
    const expected = SensorMessage.safeParse(JSON.parse(text));
    const actual = parseSensorMessage(JSON.parse(text));
    expect(actual.success).toBe(expected.success);
    if (expected.success) expect(actual.data).toEqual(expected.data);
    else expect(actual.error?.issues).toEqual(expected.error.issues);
  });

  it('answers the message itself for a valid one, payload_time a Date', () => {
    const json = JSON.parse(JSON.stringify(ok));
    const parsed = parseSensorMessage(json);
    expect(parsed.data).toBe(json);
    expect(parsed.data?.payload_time).toEqual(new Date(ok.payload_time));
  });
});
