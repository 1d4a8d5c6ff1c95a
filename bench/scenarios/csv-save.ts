import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { KmzEntry } from '@linewalker/domain';
import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { resolveLines } from '../../apps/server/src/modules/projects/csvImport.repository.ts';
import { importCsvFiles } from '../../apps/server/src/modules/projects/csvImport.service.ts';
import { insertProject } from '../../apps/server/src/modules/projects/projects.repository.ts';
import { writeAudit } from '../../apps/server/src/platform/audit.ts';
import { systemActor } from '../../apps/server/src/platform/auth/actor.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { fileUploads } from '../../apps/server/src/platform/db/schema/index.ts';
import { createDeps } from '../../apps/server/src/platform/deps.ts';
import type { Deps } from '../../apps/server/src/platform/deps.types.ts';
import { loadTestCompany } from '../../apps/server/src/seed/largeData.ts';
import { sqlRows } from '../../apps/server/src/testing/rows.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { defineScenario } from '../lib/scenario.ts';
import { CSV_COLUMNS, structureCsv } from '../lib/structureCsv.ts';

const ROWS = 100_000;
const STORAGE_KEY = 'uploads/bench/structures.csv';
const COPY_COLUMNS = '(project_id, line_id, struct_num, location, structure_source_type_id, created_by)';

interface Context {
  database: Database;
  deps: Deps;
  dataDir: string;
  companyId: number;
  userId: number;
  /** The project the baseline copies into (the subject creates its own, as the route does). */
  projectId: number;
  entry: KmzEntry;
  /** The same rows as COPY text, line names already turned into line ids. */
  copyText: string;
  saves: number;
}

/**
 * What `POST /api/v1/projects` does for a CSV, minus HTTP and the request checks: in one transaction,
 * insert the project, stream the uploaded file from storage through the domain parser and row checks,
 * resolve lines, insert structures in batches, create the inspections, write the audit record.
 */
async function save(ctx: Context): Promise<void> {
  const { database, deps, companyId, userId, entry } = ctx;
  const name = `Bench Save ${++ctx.saves}`;
  const imported = await database.db.transaction(async (tx) => {
    const id = await insertProject(tx, {
      companyId,
      projectName: name,
      startDate: '2030-01-01',
      closestCity: 'Salina',
      ptypeId: 2,
      ptierId: 2,
      createdBy: userId,
    });
    const summary = await importCsvFiles(
      tx,
      deps,
      { projectId: id, companyId, userId, perComponent: false },
      [entry],
    );
    await writeAudit(tx, systemActor('bench'), {
      action: 'project.create',
      objectType: 'project',
      objectId: id,
      details: { project_name: name, company_id: companyId, ...summary },
      userId,
    });
    return summary;
  });
  if (imported.structures !== ROWS) throw new Error(`saved ${imported.structures} structures`);
}

/** The bare minimum: the prepared rows through COPY into the same table, committed. */
async function copy({ database, copyText }: Context): Promise<void> {
  const statement = `copy structures ${COPY_COLUMNS} from stdin`;
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // PGlite reads COPY input from the blob it is handed as '/dev/blob'.
    await client.query(`copy structures ${COPY_COLUMNS} from '/dev/blob'`, [], {
      blob: new Blob([copyText]),
    });
    return;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await pipeline(Readable.from([copyText]), client.query(copyFrom(statement)));
  } finally {
    client.release();
  }
}

/** Removes what either side wrote (untimed), so every operation starts from the same, vacuumed tables. */
async function reset({ database, projectId }: Context): Promise<void> {
  await database.db.execute(sql`truncate structures, inspections, source_files cascade`);
  await database.db.execute(sql`delete from project_lines where project_id <> ${projectId}`);
  await database.db.execute(sql`delete from projects where project_name like 'Bench Save %'`);
}

export default defineScenario<Context>({
  name: 'csv-save',
  description: `save a ${(ROWS / 1000).toFixed(0)}k-row CSV as a new project (storage → parse → check → lines, structures, inspections, audit) vs raw COPY of the rows into structures`,
  target: 0.5,
  // One operation takes seconds: one per round, three rounds.
  measure: { rounds: 3, roundMs: 1, warmup: 1 },
  async setup() {
    const database = await openBenchDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      PUBLIC_URL: 'http://localhost:3100',
      WEB_DIST: join(dataDir, 'no-web'),
    });
    const deps: Deps = createDeps(config, database);
    const companyId = await loadTestCompany(database.db);
    const [user] = await sqlRows<{ id: number }>(
      database.db,
      sql`insert into users (company_id, role_id, first_name, last_name, email)
        values (1, ${ROLE_IDS.superAdmin}, 'Bench', 'Admin', 'bench-admin@example.com') returning id`,
    );
    const userId = user!.id;
    const text = structureCsv(ROWS);
    // The file as the browser leaves it after uploading to the signed URL: in storage, with its upload record.
    await deps.storage.write(STORAGE_KEY, Buffer.from(text), 'text/csv');
    await database.db.insert(fileUploads).values({
      storageKey: STORAGE_KEY,
      kind: 'csv',
      contentType: 'text/csv',
      uploadedBy: userId,
    });
    const entry: KmzEntry = { url: STORAGE_KEY, name: 'structures.csv', ...CSV_COLUMNS };

    const projectId = await insertProject(database.db, {
      companyId,
      projectName: 'Bench Copy',
      startDate: '2030-01-01',
      closestCity: 'Salina',
      ptypeId: 2,
      ptierId: 2,
      createdBy: userId,
    });
    // The company's lines exist from here on for both sides (an import reuses them by name).
    const records = text.trimEnd().split('\r\n').slice(1);
    const lineNames = [...new Set(records.map((r) => r.slice(0, r.indexOf(','))))];
    const lineIds = await resolveLines(database.db, companyId, projectId, lineNames);
    const copyText = records
      .map((r) => {
        const [line, structure, lat, lon] = r.split(',');
        return `${projectId}\t${lineIds.get(line!)}\t${structure}\t(${lon},${lat})\t2\t${userId}\n`;
      })
      .join('');
    const ctx: Context = { database, deps, dataDir, companyId, userId, projectId, entry, copyText, saves: 0 };
    // Both sides must store the same rows.
    await copy(ctx);
    const [copied] = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from structures`,
    );
    if (copied!.n !== ROWS) throw new Error(`COPY stored ${copied!.n} rows`);
    await reset(ctx);
    return ctx;
  },
  subject: save,
  baseline: copy,
  afterEach: reset,
  async teardown({ database, dataDir }) {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});
