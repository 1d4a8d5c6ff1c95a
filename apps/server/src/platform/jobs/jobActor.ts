import type { RoleName } from '@linewalker/domain';
import { eq } from 'drizzle-orm';
import { type Actor, systemActor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { companies, roles, users } from '../db/schema/index.ts';
import { PermanentJobError } from './define.ts';

/**
 * The actor a job runs as: the user who enqueued it with that user's role and company as they are now
 * (a role changed since then applies), or the system actor. A user who can no longer log in cannot
 * have work done in their name: the job fails without retrying.
 */
export async function jobActor(db: Db, jobId: number, createdBy: number | null): Promise<Actor> {
  const requestId = `job-${jobId}`;
  if (createdBy === null) return systemActor(requestId);
  const [user] = await db
    .select({
      roleId: users.roleId,
      roleName: roles.roleName,
      companyId: users.companyId,
      status: users.status,
      companyDeleted: companies.deletedDate,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, createdBy));
  if (user?.status !== 1 || user.companyDeleted) {
    throw new PermanentJobError('The user who started this job is no longer active');
  }
  return {
    kind: 'user',
    userId: createdBy,
    roleId: user.roleId,
    roleName: user.roleName as RoleName,
    companyId: user.companyId,
    ip: null,
    requestId,
  };
}
