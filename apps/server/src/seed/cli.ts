import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROLE_IDS } from '@linewalker/domain';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../platform/db/client.ts';
import { lockDataFolder } from '../platform/db/folderLock.ts';
import { users } from '../platform/db/schema/index.ts';
import { generateLargeProject, generateSmallProjects, loadTestCompany } from './largeData.ts';
import { createRng } from './random.ts';
import { seedReferenceData } from './reference.ts';

const USAGE = `Large-data generator for load and UI tests.

  npm run seed -w @linewalker/server -- --structures 100000 [--projects 2000] [--seed 42]

  --structures N   one project with N structures (over up to 50 lines), each with an inspection
  --projects M     M small projects (5..60 structures each) across every project state
  --seed S         random seed for the geometry (default: random)

Database: DATABASE_URL (PostgreSQL) or the PGlite folder DATA_DIR/pgdata (DATA_DIR defaults to ./data).
Stop the server first when it uses the same PGlite folder: PGlite does not lock it, and one of the two loses writes.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      structures: { type: 'string', default: '0' },
      projects: { type: 'string', default: '0' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const structureCount = Number.parseInt(values.structures, 10);
  const projectCount = Number.parseInt(values.projects, 10);
  if (values.help || !(structureCount > 0 || projectCount > 0) || structureCount < 0 || projectCount < 0) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const seed = values.seed ? Number.parseInt(values.seed, 10) : Math.floor(Math.random() * 2 ** 31);

  const url = process.env.DATABASE_URL;
  const pgliteDir = join(resolve(process.env.DATA_DIR ?? './data'), 'pgdata');
  const started = Date.now();
  let last = started;
  const lap = (label: string) => {
    const t = Date.now();
    console.log(`${label.padEnd(72)} ${String(t - last).padStart(7)} ms`);
    last = t;
  };

  if (!url) mkdirSync(pgliteDir, { recursive: true });
  // The embedded database allows one process per folder: refuse while a server holds it.
  const unlock = url ? () => {} : lockDataFolder(dirname(pgliteDir));
  console.log(url ? `PostgreSQL ${new URL(url).host}${new URL(url).pathname}` : `PGlite ${pgliteDir}`);
  // Generating a large project runs statements of minutes: the server's per-statement timeout is not for it.
  const database = await openDatabase({
    url,
    pgliteDir: url ? undefined : pgliteDir,
    queryTimeoutMs: 3_600_000,
  });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    lap('opened, migrated, reference data');
    const db = database.db;
    const companyId = await loadTestCompany(db);
    const reviewers = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.roleId, [ROLE_IDS.superAdmin, ROLE_IDS.projectManager, ROLE_IDS.inspector]));
    const reviewerIds = reviewers.map((r) => r.id);
    const rng = createRng(seed);
    // Project names allow letters, digits and spaces only; a random tag keeps reruns from colliding.
    const tag = Array.from({ length: 4 }, () => String.fromCharCode(65 + rng.int(0, 25))).join('');
    await db.transaction(async (tx) => {
      if (structureCount > 0) {
        const name = `Load Test ${tag}`;
        const id = await generateLargeProject(tx, {
          companyId,
          name,
          count: structureCount,
          reviewerIds,
          rng,
          lap,
        });
        console.log(`project '${name}' (id ${id})`);
      }
      if (projectCount > 0) {
        await generateSmallProjects(tx, {
          companyId,
          prefix: `Load ${tag}`,
          count: projectCount,
          reviewerIds,
          rng,
          lap,
        });
      }
    });
    lap('committed');
    console.log(`done in ${Date.now() - started} ms (seed ${seed})`);
  } finally {
    await database.close();
    unlock();
  }
}

await main();
