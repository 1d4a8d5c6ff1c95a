import { hashPassword } from '../platform/auth/password.ts';
import type { Db } from '../platform/db/client.ts';
import { DEMO_ABB_PROJECT } from './demoEtt.ts';
import { insertExtras } from './demoExtras.ts';
import { insertDemoFlightPlan } from './demoFlightPlan.ts';
import { DEMO_PASSWORD, insertPeople } from './demoPeople.ts';
import { insertDemoProject } from './demoProjectLoader.ts';
import { DEMO_PROJECTS } from './demoProjects.ts';
import { createRng } from './random.ts';
import { markReviewsWithoutPhotos } from './reviewsWithoutPhotos.ts';

/**
 * The demo data set, loaded once into an empty database (after reference data): two customer companies,
 * one account per role (password 'demo1234'), six pilots, and six projects whose dates are computed from
 * today so the list always shows one in progress, late, complete, finished early, starting next week and archived,
 * and an ABB (flange) project beside the ETT (arm) one; their photos come from loadDemoEtt after the start.
 */
export async function loadDemoData(db: Db): Promise<void> {
  const now = new Date();
  // Same layout every time; only the dates move with today.
  const rng = createRng(0x1e3a);
  // argon2 is slow on purpose: hash once, share the hash.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const people = await insertPeople(tx, passwordHash, now);
    const reviewers = [
      { key: 'inspector', name: 'Hannah Cole' },
      { key: 'manager', name: 'Marcus Reyes' },
      { key: 'admin', name: 'Dana Whitfield' },
    ].flatMap((r) => (people.userIds[r.key] ? [{ id: people.userIds[r.key] as number, name: r.name }] : []));
    let sensorStructureIds: number[] = [];
    let droneProjectId: number | null = null;
    for (const [index, def] of DEMO_PROJECTS.entries()) {
      const { projectId, structureIds } = await insertDemoProject(tx, def, {
        people,
        reviewers,
        now,
        rng,
        index,
      });
      // Sensors sit on the transmission line that is being patrolled now, and a dock box has its flight plan.
      if (index === 0) {
        sensorStructureIds = structureIds.filter((_, i) => i % 15 === 5);
        droneProjectId = projectId;
        await insertDemoFlightPlan(tx, projectId, people.userIds.inspector ?? null, now);
      }
    }
    await insertExtras(tx, { people, rng, now, sensorStructureIds, droneProjectId });
    // The ABB (flange) project, with a generator of its own so the six projects above keep their layout.
    await insertDemoProject(tx, DEMO_ABB_PROJECT, {
      people,
      reviewers,
      now,
      rng: createRng(0xabb),
      index: DEMO_PROJECTS.length,
    });
    await markReviewsWithoutPhotos(tx);
  });
}
