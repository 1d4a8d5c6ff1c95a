import type { RoleName } from '@linewalker/domain';
import { eq } from 'drizzle-orm';
import { type Actor, systemActor } from '../auth/actor.ts';
import { findUserAccount, isActiveAccount } from '../auth/userAccounts.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { PermanentJobError } from './define.ts';

/**
 * The actor a job runs as: the user who enqueued it with that user's role and company as they are now
 * (a role changed since then applies), or the system actor. A user who can no longer log in cannot
 * have work done in their name: the job fails without retrying.
 */
export async function jobActor(db: Db, jobId: number, createdBy: number | null): Promise<Actor> {
  const requestId = `job-${jobId}`;
  if (createdBy === null) return systemActor(requestId);
  const user = await findUserAccount(db, eq(users.id, createdBy));
  if (!isActiveAccount(user)) {
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
