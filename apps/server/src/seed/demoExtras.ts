import { storeReadings } from '../modules/sensors/sensors.repository.ts';
import type { Db } from '../platform/db/client.ts';
import { aiModels, bids, drones, sensorDevices } from '../platform/db/schema/index.ts';
import type { SensorPayload } from '../platform/db/schema/sensors.ts';
import { daysFromToday } from './dates.ts';
import { insertDemoOrders } from './demoOrders.ts';
import type { DemoPeople } from './demoPeople.ts';
import type { Rng } from './random.ts';

const HOUR_MS = 3_600_000;

/** The demo's sensor devices: `npm start` runs the sensor simulator for them (new tokens at each start). */
export const demoSensorIds = (): string[] =>
  Array.from({ length: 4 }, (_, i) => `CS-${(4100 + i * 17).toString(16).toUpperCase()}`);

/** Small data sets for the sensor, order-tracking, AI, remote-flight and bids pages, so none opens empty. */
export async function insertExtras(
  db: Db,
  ctx: {
    people: DemoPeople;
    rng: Rng;
    now: Date;
    sensorStructureIds: number[];
    /** The transmission project being patrolled now: the simulated drone's camera shows its structures. */
    droneProjectId: number | null;
  },
): Promise<void> {
  const { people, rng, now } = ctx;

  // Four tilt/vibration sensors with a day of half-hourly readings; one leans more than the others.
  const ids = demoSensorIds();
  const devices = ctx.sensorStructureIds.slice(0, ids.length).map((structureId, i) => ({
    deviceId: ids[i] as string,
    structureId,
    battery: Math.round(rng.range(55, 98)),
  }));
  if (devices.length > 0) {
    await db.insert(sensorDevices).values(devices);
    const readings = devices.flatMap((d, i) =>
      Array.from({ length: 48 }, (_, k) => {
        const lean = i === 1 ? 4.5 : 0.8;
        const payload: SensorPayload = {
          temp_humidity: Math.round(rng.range(20, 60) * 10) / 10,
          tilt: [{ x: lean + rng.range(-0.2, 0.2), y: rng.range(-0.5, 0.5), z: 89 + rng.range(-0.3, 0.3) }],
          vibration: Array.from({ length: 3 }, () => ({
            x: rng.range(0, 0.3),
            y: rng.range(0, 0.3),
            z: rng.range(0, 0.15),
          })),
        };
        return {
          deviceId: d.deviceId,
          payloadTime: new Date(now.getTime() - (48 - k) * HOUR_MS * 0.5),
          payload,
        };
      }),
    );
    // Through the ingestion's own write, so each device's latest value, battery and first vibration are kept.
    await storeReadings(
      db,
      readings.map((r) => ({ deviceId: r.deviceId, payload_time: r.payloadTime, payload: r.payload })),
    );
  }

  await insertDemoOrders(db, { companyId: people.customerIds.northernPlains, rng, now });

  await db.insert(aiModels).values([
    {
      modelClassName: 'Woodpecker Damage',
      modelHoldbackpercentage: 10,
      modelNotes: 'Cavities in wood poles made by woodpeckers, any size.',
      state: 'Waiting for Images',
      createdBy: people.userIds.admin ?? null,
    },
    {
      modelClassName: 'Broken Insulator',
      modelHoldbackpercentage: 15,
      modelNotes: 'Porcelain or glass insulator with a missing or broken shed.',
      state: 'Waiting for Images',
      createdBy: people.userIds.admin ?? null,
    },
  ]);

  await db.insert(drones).values({
    name: 'Dock Drone 1',
    serialNumber: 'LW-DOCK-0001',
    companyId: people.customerIds.northernPlains,
    driver: 'simulator',
    // About 40 m south of the first tower of Smoky Hill 115kV (38.84, -97.61), looking along the line.
    homeLat: 38.8396,
    homeLon: -97.61,
    homeAlt: 390,
    projectId: ctx.droneProjectId,
  });

  await db.insert(bids).values({
    rfpName: 'Columbia Basin Transmission Patrol',
    projectDuration: daysFromToday(120, now),
    companyId: people.customerIds.cascadeValley,
    abbreviation: 'CVP',
    legalName: 'Cascade Valley Power District',
    address: '410 Riverside Ave',
    state: 'WA',
    city: 'Wenatchee',
    zip: '98801',
    salutation: 'Mr.',
    contactName: 'Evan Brooks',
    contactDept: 'Transmission Operations',
    contactEmail: 'customer@cascadevalley.example',
    contactPhone: '(509) 555-0187',
    createdBy: people.userIds.manager ?? null,
  });
}
