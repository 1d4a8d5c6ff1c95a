import { describe, expect, it } from 'vitest';
import { parseSensorStructureList, SensorStructureList } from './sensors.ts';

const row = (i: number) => ({
  common_sense_device_id: `CS-${i}`,
  line_name: i === 2 ? null : 'Line 7',
  struct_num: `T-${i}`,
  structure_id: 100 + i,
  company_id: 3,
  latitude: i === 2 ? null : 46.2,
  longitude: i === 2 ? null : -119.1,
  battery: 80,
  last_seen: '2026-11-28T10:00:00.000Z',
  tilt_x: 0.8,
  tilt_y: -0.1,
  tilt_z: 89.1,
  recent_vibration_x: 0.1,
  recent_vibration_y: 0.2,
  recent_vibration_z: 0.05,
  first_vibration_reading_date: '2026-11-01T10:00:00.000Z',
  recent_vibration_reading_date: '2026-11-28T10:00:00.000Z',
  alert: i === 1 ? 2 : 0,
  vibrations: i === 1 ? [{ recorded_date: '2026-11-28T10:00:00.000Z', x: 0.1, y: 0.2, z: 0.05 }] : [],
});

const answer = () => [row(1), row(2), row(3)];
type Loose = Record<string, unknown>;

describe('parseSensorStructureList', () => {
  it('reads a good answer as the schema does, in place', () => {
    const data = answer();
    expect(parseSensorStructureList(data)).toEqual(SensorStructureList.parse(data));
    expect(parseSensorStructureList(data)[0]).toBe(data[0]);
  });

  it('drops unknown fields as the schema does', () => {
    const data = answer();
    (data[2] as Loose).extra = 1;
    expect(parseSensorStructureList(data)).toEqual(SensorStructureList.parse(data));
    expect(parseSensorStructureList(data)[2]).not.toHaveProperty('extra');
  });

  const broken: Array<[string, (data: Loose[]) => unknown]> = [
    ['a device id given as a number', (d) => (d[0]!.common_sense_device_id = 7)],
    ['a fractional risk', (d) => (d[1]!.alert = 1.5)],
    ['a tilt given as text', (d) => (d[2]!.tilt_x = '0.8')],
    ['a missing battery', (d) => delete d[1]!.battery],
    ['a vibration point without z', (d) => delete (d[0]!.vibrations as Loose[])[0]!.z],
    ['a row that is a list', (d) => (d[1] = [] as unknown as Loose)],
    ['an object instead of a list', (d) => d.splice(0)],
  ];

  it.each(broken)("refuses %s with the schema's own error", (_, breakIt) => {
    const rows = answer() as Loose[];
    breakIt(rows);
    const data = rows.length === 0 ? { rows } : rows;
    const expected = SensorStructureList.safeParse(data);
    expect(expected.success).toBe(false);
    expect(() => parseSensorStructureList(data)).toThrow(expected.error!.message);
  });
});
