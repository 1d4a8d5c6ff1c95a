import { crewColor } from '@linewalker/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  crewGroups,
  crewMembers,
  inspectionFieldValues,
  inspections,
  lines,
  projectLines,
  projectPilots,
  projects,
  structures,
} from '../platform/db/schema/index.ts';
import { scheduleFor } from './dates.ts';
import type { DemoPeople } from './demoPeople.ts';
import type { DemoProject } from './demoProjects.ts';
import { lineOfStructures } from './geometry.ts';
import { structNum } from './names.ts';
import type { Rng } from './random.ts';

const DAY_MS = 86_400_000;
const TRANSMISSION_TYPES = new Set([2, 3, 4]);

const COMMENTS_BY_RISK: Record<number, string[]> = {
  3: [
    'Crossarm split at the through bolt',
    'Slack down guy on the field side',
    'Minor flashover marks on the B phase insulator',
  ],
  4: [
    'Woodpecker holes near the pole top',
    'Cracked insulator bell on the A phase',
    'Broken strands at the clamp',
  ],
  5: [
    'Pole top rot, structure not serviceable',
    'Conductor burned at the splice, immediate action',
    'Crossarm broken, phase sagging',
  ],
};

/** Weighted like real surveys: most structures satisfactory or minor. */
function riskLevel(rng: Rng): number {
  const r = rng.next();
  return r < 0.5 ? 1 : r < 0.75 ? 2 : r < 0.88 ? 3 : r < 0.96 ? 4 : 5;
}

/** Completion-form values that fit the kind of line. */
function completion(rng: Rng, transmission: boolean, risk: number, inspector: string) {
  return {
    strType: rng.pick(
      transmission ? ['Suspension', 'Dead End', 'Angle'] : ['Tangent', 'Angle', 'Dead End', 'Tap'],
    ),
    armType: rng.pick(
      transmission
        ? ['Steel Davit', 'Braced Post', 'Lattice Arm']
        : ['Wood Crossarm', 'Fiberglass Crossarm', 'Post Insulator'],
    ),
    armQty: rng.int(1, transmission ? 3 : 2),
    anchorQty: rng.int(0, 2),
    guyQty: rng.int(0, 2),
    insulatorType: rng.pick(
      transmission ? (['Polymer', 'Glass', 'Ceramic'] as const) : (['Ceramic', 'Polymer'] as const),
    ),
    insulatorQty: transmission ? rng.pick([3, 6, 9]) : rng.int(2, 4),
    condSleeveQty: rng.int(0, 2),
    inspector,
    comments: risk >= 3 ? rng.pick(COMMENTS_BY_RISK[risk] ?? []) : null,
  };
}

interface Context {
  people: DemoPeople;
  reviewers: Array<{ id: number; name: string }>;
  now: Date;
  rng: Rng;
  index: number;
}

/** One demo project with its lines, structures along them, crews, inspections and pilots. Returns its structure ids. */
export async function insertDemoProject(
  db: Db,
  def: DemoProject,
  ctx: Context,
): Promise<{ projectId: number; structureIds: number[] }> {
  const { rng, now, people } = ctx;
  const schedule = scheduleFor(def.phase, now);
  const companyId = people.customerIds[def.customer];
  const startMs = Date.parse(`${schedule.startDate}T00:00:00Z`);
  const [project] = await db
    .insert(projects)
    .values({
      companyId,
      projectName: def.projectName,
      inspectionType: '0',
      startDate: schedule.startDate,
      dueDate: schedule.dueDate,
      numPilots: def.numPilots,
      structureAssignmentType: 'dueDate',
      photoLimit: def.photoLimit,
      closestCity: def.closestCity,
      pilotStructDay: 40,
      ptypeId: def.ptypeId,
      ptierId: def.ptierId,
      useNewRiskRating: def.useNewRiskRating,
      archivedDate: schedule.archivedDate,
      createdAt: new Date(startMs - 10 * DAY_MS),
      createdBy: people.userIds.manager ?? null,
    })
    .returning({ id: projects.id });
  const projectId = project!.id;

  const crews = await db
    .insert(crewGroups)
    .values(
      Array.from({ length: def.crews }, (_, i) => ({
        projectId,
        crewNumber: i + 1,
        color: crewColor(i + 1),
      })),
    )
    .returning({ id: crewGroups.id });
  const pilotsOf = people.pilotUserIds;
  await db
    .insert(crewMembers)
    .values(
      crews.flatMap((crew, i) => {
        const first = pilotsOf[(ctx.index + i) % pilotsOf.length] as number;
        const second = pilotsOf[(ctx.index + i + 3) % pilotsOf.length] as number;
        return i % 2 === 0
          ? [
              { crewGroupId: crew.id, userId: first },
              { crewGroupId: crew.id, userId: second },
            ]
          : [{ crewGroupId: crew.id, userId: first }];
      }),
    )
    .onConflictDoNothing();

  // Lines belong to the customer; a rerun reuses them.
  await db
    .insert(lines)
    .values(def.lines.map((l) => ({ companyId, lineName: l.lineName, lineNum: l.lineNum })))
    .onConflictDoNothing();
  const lineRows = await db
    .select({ id: lines.id, name: lines.lineName })
    .from(lines)
    .where(
      and(
        eq(lines.companyId, companyId),
        inArray(
          lines.lineName,
          def.lines.map((l) => l.lineName),
        ),
      ),
    );
  const lineId = (name: string) => lineRows.find((r) => r.name === name)!.id;
  await db.insert(projectLines).values(def.lines.map((l) => ({ projectId, lineId: lineId(l.lineName) })));

  // Structures: crews take contiguous stretches; unassigned tail for projects still being planned or flown.
  const total = def.lines.reduce((n, l) => n + l.count, 0);
  const unassignedShare = def.phase === 'upcoming' ? 0.2 : def.phase === 'in_progress' ? 0.1 : 0;
  const assignedCount = Math.round(total * (1 - unassignedShare));
  const structureValues: Array<typeof structures.$inferInsert> = [];
  let seq = 0;
  for (const line of def.lines) {
    const { positions } = lineOfStructures(line.start, line.bearing, line.count, rng, {
      minSpacing: line.spacing[0],
      maxSpacing: line.spacing[1],
      jitter: 4,
    });
    positions.forEach((p, i) => {
      const roll = rng.next();
      structureValues.push({
        projectId,
        lineId: lineId(line.lineName),
        structNum: structNum(line.style, Number.parseInt(line.lineNum, 10), i + 1),
        location: { x: Math.round(p.lon * 1e6) / 1e6, y: Math.round(p.lat * 1e6) / 1e6 },
        structureSourceTypeId: roll < 0.9 ? 2 : roll < 0.95 ? 1 : 3,
        crewGroupId:
          seq < assignedCount ? (crews[Math.floor((seq * crews.length) / assignedCount)]?.id ?? null) : null,
        createdAt: new Date(startMs - 9 * DAY_MS),
      });
      seq++;
    });
  }
  const inserted = await db
    .insert(structures)
    .values(structureValues)
    .returning({ id: structures.id, lineId: structures.lineId, structNum: structures.structNum });
  const idByKey = new Map(inserted.map((s) => [`${s.lineId}|${s.structNum}`, s.id]));
  const structureIds = structureValues.map((s) => idByKey.get(`${s.lineId}|${s.structNum}`) as number);

  // Inspections: review progresses along the lines from the start date towards now (or the due date).
  const transmission = TRANSMISSION_TYPES.has(def.ptypeId);
  const reviewEnd = Math.min(now.getTime() - 2 * 3_600_000, Date.parse(`${schedule.dueDate}T23:00:00Z`));
  const reviewedCount = Math.round(total * schedule.reviewedShare);
  const inspectionValues: Array<typeof inspections.$inferInsert> = structureIds.map((structureId, i) => {
    const frontierNoise = schedule.reviewedShare < 1 && schedule.reviewedShare > 0 ? rng.int(-3, 3) : 0;
    if (i + frontierNoise < reviewedCount) {
      const reviewer = rng.pick(ctx.reviewers);
      const risk = riskLevel(rng);
      const at =
        startMs + ((i + 1) / Math.max(1, reviewedCount)) * (reviewEnd - startMs) - rng.range(0, 3_600_000);
      return {
        projectId,
        structureId,
        reviewStatus: 'Complete',
        dateReviewed: new Date(Math.min(at, reviewEnd)),
        reviewedBy: reviewer.id,
        maxRiskLevel: risk,
        escalatedAt: risk === 5 && rng.chance(0.5) ? new Date(Math.min(at + 3_600_000, reviewEnd)) : null,
        escalatedBy: risk === 5 ? reviewer.id : null,
        ...completion(rng, transmission, risk, reviewer.name),
      };
    }
    const reshoot = def.phase !== 'upcoming' && schedule.reviewedShare < 1 && rng.chance(0.06);
    return {
      projectId,
      structureId,
      reviewStatus: reshoot ? 'Reshoot Requested' : null,
      reshootReason: reshoot
        ? rng.pick(['Top of structure not in frame', 'Photos blurred', 'Missing field side photos'])
        : null,
      reshootRequestedAt: reshoot ? new Date(now.getTime() - rng.range(1, 5) * DAY_MS) : null,
      reshootRequestedBy: reshoot ? (people.userIds.inspector ?? null) : null,
    };
  });
  const insertedInspections = await db
    .insert(inspections)
    .values(inspectionValues)
    .returning({ id: inspections.id, reviewed: sql<boolean>`${inspections.dateReviewed} is not null` });
  const fieldValues = insertedInspections
    .filter((row) => row.reviewed)
    .flatMap((row) => [
      {
        inspectionId: row.id,
        fieldId: 1,
        valueId: transmission ? rng.pick([1, 1, 2, 5]) : rng.pick([3, 3, 3, 4]),
      },
      {
        inspectionId: row.id,
        fieldId: 2,
        valueId: transmission ? rng.pick([6, 7, 8, 9]) : rng.pick([6, 6, 9]),
      },
    ]);
  if (fieldValues.length > 0) await db.insert(inspectionFieldValues).values(fieldValues);

  await db.insert(projectPilots).values(projectPilotRows(def, projectId, ctx));
  return { projectId, structureIds };
}

/** Pilots on the project's scheduling list, with statuses that fit its phase (ids per spec 2 §2). */
function projectPilotRows(def: DemoProject, projectId: number, ctx: Context) {
  const ids = ctx.people.pilotUserIds;
  const pilotAt = (k: number) => ids[(ctx.index + k) % ids.length] as number;
  const rows = (statuses: number[]) =>
    statuses.map((status, k) => ({
      projectId,
      userId: pilotAt(k),
      assigned: status === 4,
      pilotSchedulingStatusId: status,
      pilotNote: status === 3 ? 'Unavailable those weeks' : null,
    }));
  switch (def.phase) {
    case 'upcoming':
      return rows([2, 1, 5, 0]);
    case 'in_progress':
      return rows([4, 4, 4, 3]);
    case 'late':
      return rows([4, 4, 3]);
    default:
      return rows([4]);
  }
}
