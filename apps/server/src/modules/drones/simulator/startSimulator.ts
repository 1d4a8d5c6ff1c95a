import type { Db } from '../../../platform/db/client.ts';
import { type DroneRecord, sceneStructures } from '../drones.repository.ts';
import { systemClock } from '../link.ts';
import { type Scene, toLocal } from './camera.ts';
import { SimulatedLink } from './simulatedLink.ts';

/** Poles the simulated camera draws when the structure has no height of its own. */
const POLE_HEIGHT = 18;
/** Neighbouring structures of a line further apart than this are not strung together. */
const MAX_SPAN_METRES = 600;

/** The scene around a drone's home: its project's structures in their real positions, lines between them. */
export async function droneScene(db: Db, drone: DroneRecord): Promise<Scene> {
  const home = { lat: drone.home_lat ?? 0, lon: drone.home_lon ?? 0 };
  const rows = await sceneStructures(db, drone);
  const scene: Scene = { structures: [], spans: [] };
  rows.forEach((row, i) => {
    const { e, n } = toLocal(home, row.lat, row.lon);
    scene.structures.push({ e, n, height: POLE_HEIGHT, label: row.struct_num });
    const prev = rows[i - 1];
    const prevAt = scene.structures[i - 1];
    if (
      prev &&
      prevAt &&
      prev.line_id === row.line_id &&
      Math.hypot(prevAt.e - e, prevAt.n - n) < MAX_SPAN_METRES
    )
      scene.spans.push([i - 1, i]);
  });
  return scene;
}

/** The embedded simulator for a registered drone, at its home position, on the real clock. */
export async function startSimulator(db: Db, drone: DroneRecord): Promise<SimulatedLink> {
  return new SimulatedLink({
    home: { lat: drone.home_lat ?? 0, lon: drone.home_lon ?? 0, alt: drone.home_alt ?? 0 },
    scene: await droneScene(db, drone),
    clock: systemClock,
  });
}
