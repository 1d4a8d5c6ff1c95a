import { type ProjectLine, type ProjectStats, projectDayRange } from '@linewalker/domain';
import type { Actor } from '../../platform/auth/actor.ts';
import { authorize, seesQualityWork } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { companyLines, projectLines, projectTimeZone, structureCounts } from './structures.repository.ts';

/**
 * The project's structure stats at `now`, "yesterday" being the day before the project's today. The
 * queries confine a customer to their company (else 404).
 */
export async function projectStats(
  db: Db,
  actor: Actor,
  projectId: number,
  now: Date,
): Promise<ProjectStats> {
  authorize(actor, 'structure.read');
  const timeZone = await projectTimeZone(db, actor, projectId);
  if (timeZone === null) throw notFound('Project');
  // Staff see every photo; a customer the accepted ones on structures, and no unassigned count (spec 2 §6).
  const staff = seesQualityWork(actor);
  const counts = await structureCounts(db, actor, projectId, projectDayRange(timeZone, now, -1), !staff);
  if (!counts) throw notFound('Project');
  if (staff) return counts;
  const { unassigned_img_count: _, ...rest } = counts;
  return rest;
}

export async function projectLineList(db: Db, actor: Actor, projectId: number): Promise<ProjectLine[]> {
  authorize(actor, 'structure.read');
  const lines = await projectLines(db, actor, projectId);
  if (!lines) throw notFound('Project');
  return lines;
}

/** A customer company's lines: staff only (customers reach lines through their projects). */
export async function companyLineList(db: Db, actor: Actor, companyId: number): Promise<ProjectLine[]> {
  authorize(actor, 'line.list_by_company', { kind: 'Company', companyId });
  const lines = await companyLines(db, companyId);
  if (!lines) throw notFound('Company');
  return lines;
}
