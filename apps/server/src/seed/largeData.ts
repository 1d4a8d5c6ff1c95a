import { crewColor } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { IdRow, queryRows } from '../platform/db/rows.ts';
import { companies, crewGroups, lines, projectLines, projects } from '../platform/db/schema/index.ts';
import { createInspections, insertStructures, type StructureRow } from './bulk.ts';
import { type ProjectPhase, scheduleFor } from './dates.ts';
import { type LonLat, lineOfStructures } from './geometry.ts';
import { structNum } from './names.ts';
import type { Rng } from './random.ts';

export const LOAD_TEST_COMPANY = 'Large Data Test Utility';

/** Central Kansas and Nebraska: plenty of room for long straight-ish lines. */
const REGION = { west: -101.5, east: -95.5, south: 37.2, north: 41.8 };
const SPACING = { minSpacing: 120, maxSpacing: 250, jitter: 3 };
const BATCH = 1000;

export type Timer = (label: string) => void;

/** The load-test customer, created on first use. */
export async function loadTestCompany(db: Db): Promise<number> {
  await db.insert(companies).values({ companyName: LOAD_TEST_COMPANY }).onConflictDoNothing();
  const rows = await queryRows(
    db,
    sql`select id from companies where lower(company_name) = lower(${LOAD_TEST_COMPANY})`,
    IdRow,
  );
  return Number(rows[0]!.id);
}

function randomStart(rng: Rng): LonLat {
  return { lon: rng.range(REGION.west, REGION.east), lat: rng.range(REGION.south, REGION.north) };
}

function structureRowsForLine(
  rng: Rng,
  at: {
    projectId: number;
    lineId: number;
    lineNumber: number;
    count: number;
    crewGroupId: (i: number) => number | null;
  },
): StructureRow[] {
  const { positions } = lineOfStructures(randomStart(rng), rng.range(0, 360), at.count, rng, SPACING);
  const style = at.lineNumber % 2 === 0 ? 'tower' : 'span';
  return positions.map((p, i) => {
    const roll = rng.next();
    return {
      projectId: at.projectId,
      lineId: at.lineId,
      structNum: structNum(style, at.lineNumber, i + 1),
      lon: p.lon,
      lat: p.lat,
      sourceTypeId: roll < 0.92 ? 2 : roll < 0.96 ? 1 : 3,
      crewGroupId: at.crewGroupId(i),
    };
  });
}

/**
 * One project with `count` structures over up to 50 lines, four crews taking most of them, and an inspection
 * per structure (about a third reviewed).
 */
export async function generateLargeProject(
  db: Db,
  opts: { companyId: number; name: string; count: number; reviewerIds: number[]; rng: Rng; lap: Timer },
): Promise<number> {
  const { rng, lap } = opts;
  const schedule = scheduleFor('in_progress');
  const [project] = await db
    .insert(projects)
    .values({
      companyId: opts.companyId,
      projectName: opts.name,
      startDate: schedule.startDate,
      dueDate: schedule.dueDate,
      closestCity: 'Salina',
      ptypeId: 2,
      ptierId: 2,
      numPilots: 4,
    })
    .returning({ id: projects.id });
  const projectId = project!.id;
  const crews = await db
    .insert(crewGroups)
    .values([1, 2, 3, 4].map((n) => ({ projectId, crewNumber: n, color: crewColor(n) })))
    .returning({ id: crewGroups.id });
  const lineCount = Math.min(50, Math.max(1, Math.ceil(opts.count / 100)));
  const lineRows = await db
    .insert(lines)
    .values(
      Array.from({ length: lineCount }, (_, i) => ({
        companyId: opts.companyId,
        lineName: `${opts.name} Line ${i + 1}`,
        lineNum: String(i + 1),
      })),
    )
    .returning({ id: lines.id, lineNum: lines.lineNum });
  // Keep line order by number rather than trusting RETURNING order.
  lineRows.sort((a, b) => Number(a.lineNum) - Number(b.lineNum));
  await db.insert(projectLines).values(lineRows.map((l) => ({ projectId, lineId: l.id })));

  const rows: StructureRow[] = [];
  lineRows.forEach((line, i) => {
    const count = Math.floor(opts.count / lineCount) + (i < opts.count % lineCount ? 1 : 0);
    // Lines 1..40 go to crews in blocks of ten; the rest stay unassigned.
    const crew = i < 40 ? (crews[Math.floor(i / 10) % crews.length]?.id ?? null) : null;
    rows.push(
      ...structureRowsForLine(rng, {
        projectId,
        lineId: line.id,
        lineNumber: i + 1,
        count,
        crewGroupId: () => crew,
      }),
    );
  });
  lap(`generated ${rows.length} structures on ${lineCount} lines`);
  await insertStructures(db, rows);
  lap('inserted structures');
  await createInspections(db, [projectId], {
    reviewedShare: 0.35,
    reshootShare: 0.03,
    reviewerIds: opts.reviewerIds,
    reviewWindowDays: 20,
  });
  lap('created inspections');
  return projectId;
}

const PHASES: ProjectPhase[] = ['in_progress', 'late', 'complete', 'early', 'upcoming', 'archived'];

/** `count` small projects (10..60 structures on one or two lines, one crew) cycling through every project phase. */
export async function generateSmallProjects(
  db: Db,
  opts: { companyId: number; prefix: string; count: number; reviewerIds: number[]; rng: Rng; lap: Timer },
): Promise<void> {
  const { rng, lap } = opts;
  const now = new Date();
  let structureTotal = 0;
  for (let from = 0; from < opts.count; from += BATCH) {
    const n = Math.min(BATCH, opts.count - from);
    const defs = Array.from({ length: n }, (_, k) => {
      const number = from + k + 1;
      const phase = PHASES[number % PHASES.length] as ProjectPhase;
      return { number, phase, schedule: scheduleFor(phase, now, rng.int(0, 20)), lines: rng.int(1, 2) };
    });
    const projectRows = await db
      .insert(projects)
      .values(
        defs.map((d) => ({
          companyId: opts.companyId,
          projectName: `${opts.prefix} ${d.number}`,
          startDate: d.schedule.startDate,
          dueDate: d.schedule.dueDate,
          archivedDate: d.schedule.archivedDate,
          closestCity: 'Hays',
          ptypeId: 1,
          ptierId: 2,
        })),
      )
      .returning({ id: projects.id, name: projects.projectName });
    // Map by name rather than trusting RETURNING order.
    const projectIdByName = new Map(projectRows.map((p) => [p.name, p.id]));
    const projectIds = defs.map((d) => projectIdByName.get(`${opts.prefix} ${d.number}`) as number);
    const crewRows = await db
      .insert(crewGroups)
      .values(projectIds.map((projectId) => ({ projectId, crewNumber: 1, color: crewColor(1) })))
      .returning({ id: crewGroups.id, projectId: crewGroups.projectId });
    const crewByProject = new Map(crewRows.map((c) => [c.projectId, c.id]));
    const lineDefs = defs.flatMap((d, k) =>
      Array.from({ length: d.lines }, (_, j) => ({
        k,
        name: `${opts.prefix} ${d.number} Feeder ${j + 1}`,
        lineNumber: j + 1,
      })),
    );
    const lineRows = await db
      .insert(lines)
      .values(
        lineDefs.map((l) => ({ companyId: opts.companyId, lineName: l.name, lineNum: String(l.lineNumber) })),
      )
      .returning({ id: lines.id, name: lines.lineName });
    const lineIdByName = new Map(lineRows.map((l) => [l.name, l.id]));
    const placed = lineDefs.map((l) => ({
      ...l,
      projectId: projectIds[l.k] as number,
      lineId: lineIdByName.get(l.name) as number,
    }));
    await db.insert(projectLines).values(placed.map((l) => ({ projectId: l.projectId, lineId: l.lineId })));
    const rows = placed.flatMap((l) =>
      structureRowsForLine(rng, {
        projectId: l.projectId,
        lineId: l.lineId,
        lineNumber: l.lineNumber,
        count: rng.int(5, 30),
        crewGroupId: () => crewByProject.get(l.projectId) ?? null,
      }),
    );
    await insertStructures(db, rows);
    structureTotal += rows.length;
    for (const phase of PHASES) {
      const ids = defs.flatMap((d, k) => (d.phase === phase ? [projectIds[k] as number] : []));
      await createInspections(db, ids, {
        reviewedShare: scheduleFor(phase, now).reviewedShare,
        reshootShare: phase === 'in_progress' || phase === 'late' ? 0.04 : 0,
        reviewerIds: opts.reviewerIds,
        reviewWindowDays: 30,
      });
    }
  }
  lap(`created ${opts.count} small projects with ${structureTotal} structures and their inspections`);
}
