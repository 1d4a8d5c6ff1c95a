import {
  dateOfDayValue,
  USER_MESSAGES as M,
  OPERATING_COMPANY_ID,
  type PilotAttribute,
  type UserCreateRequest,
  type UserCreateRequest as UserCreateSchema,
  type UserItem,
  type UserListPage,
  type UserListParams,
  type UserSaveResponse,
  type UserUpdateRequest,
  type UserUpdateRequest as UserUpdateSchema,
  type ValidationIssue,
} from '@linewalker/domain';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { newSecretToken } from '../../platform/auth/tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, conflict, notFound, validationFailed } from '../../platform/errors.ts';
import { endPilot, lockPilotOf, pilotAttributes, savePilot } from '../pilots/pilotRecord.service.ts';
import * as repo from './users.repository.ts';

/** How long an invitation's set-password link stays valid (a reset link lasts an hour; people start later). */
export const INVITATION_DAYS = 7;

type CreateBody = z.output<typeof UserCreateSchema>;
type UpdateBody = z.output<typeof UserUpdateSchema>;
type Body = CreateBody | UpdateBody;

const userObject = (companyId: number) => ({ kind: 'User', companyId });

export async function listUsers(db: Db, actor: Actor, query: UserListParams): Promise<UserListPage> {
  authorize(actor, 'user.list');
  return repo.listUsers(db, query);
}

export async function userByEmail(db: Db, actor: Actor, email: string): Promise<UserItem | null> {
  authorize(actor, 'user.lookup');
  return (await repo.findUserItem(db, repo.byEmail(email))) ?? null;
}

export async function emailInUse(db: Db, actor: Actor, email: string): Promise<boolean> {
  authorize(actor, 'user.lookup');
  return repo.emailInUse(db, email);
}

export async function listPilotAttributes(db: Db, actor: Actor): Promise<PilotAttribute[]> {
  authorize(actor, 'pilot.attribute.list');
  return pilotAttributes(db);
}

/** The unique index on lower(email) refused the write: another save took the address first. */
function isEmailTaken(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === 'users_email_unique') return true;
  }
  return false;
}

const emailTaken = () => conflict(M.emailTaken, 'email_taken');

/**
 * The rules a payload's shape cannot state: the role and company exist, the Customer role exactly for
 * customer companies (spec 3 §5, §6), and pilots only at company 1 (the schema checks that too).
 */
async function checkRoleAndCompany(tx: Db, body: Body): Promise<void> {
  const issues: ValidationIssue[] = [];
  const [role, company] = await Promise.all([
    repo.findRole(tx, body.role_id),
    repo.findCompany(tx, body.company_id),
  ]);
  if (!company) issues.push({ path: 'company_id', message: M.unknownCompany });
  if (!role) issues.push({ path: 'role_id', message: M.unknownRole });
  if (role && company) {
    const isCustomerRole = role.roleName === 'customer';
    if (company.id === OPERATING_COMPANY_ID && isCustomerRole) {
      issues.push({ path: 'role_id', message: M.staffRoleOnly });
    }
    if (company.id !== OPERATING_COMPANY_ID && !isCustomerRole) {
      issues.push({ path: 'role_id', message: M.customerRoleOnly });
    }
  }
  if (issues.length > 0) throw validationFailed(issues);
}

/** A user account written by another area's save (the pilot form's new pilot), in that save's transaction. */
export function insertUserAccount(tx: Db, values: repo.UserWrite): Promise<number> {
  return repo.insertUser(tx, values);
}

function columns(body: Body): repo.UserWrite {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    phone: body.phone,
    status: body.status,
    startDate: dateOfDayValue(body.start_date)!,
    roleId: body.role_id,
    companyId: body.company_id,
  };
}

/** A single-use set-password link in the outbox (the reset-token flow); never a password. */
async function sendInvitation(deps: Deps, tx: Db, user: { id: number; email: string; firstName: string }) {
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(deps.now().getTime() + INVITATION_DAYS * 24 * 3600_000);
  await repo.insertSetPasswordToken(tx, user.id, hash, expiresAt);
  // Its own page ('Set Your Password'), the reset-token flow behind it.
  const link = `${deps.config.publicUrl}/set-password?token=${token}&userId=${user.id}`;
  await deps.mailer.enqueue(tx, {
    channel: 'email',
    to: user.email,
    subject: 'Your Linewalker account',
    body:
      `Hello ${user.firstName},\n\nAn account was created for you on Linewalker.\n\n` +
      `Open this link within ${INVITATION_DAYS} days to choose your password:\n${link}\n\n` +
      `Then log in with this e-mail address (${user.email}) as your user name.`,
  });
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isEmailTaken(err)) throw emailTaken();
    throw err;
  }
}

/** POST /users/: a new user, invited by e-mail to choose a password; a pilot too when `pilot` is given. */
export async function createUser(
  deps: Deps,
  actor: Actor,
  input: UserCreateRequest | CreateBody,
): Promise<UserSaveResponse> {
  const body = input as CreateBody;
  authorize(actor, 'user.manage', userObject(body.company_id));
  const db = deps.database.db;
  const id = await saving(() =>
    withTransaction(db, async (tx) => {
      await checkRoleAndCompany(tx, body);
      if (await repo.emailInUse(tx, body.email)) throw emailTaken();
      const at = deps.now();
      const userId = await repo.insertUser(tx, columns(body));
      const pilot = body.pilot ? await savePilot(tx, userId, body.pilot, at) : null;
      const invited = body.status === 1;
      if (invited)
        await sendInvitation(deps, tx, { id: userId, email: body.email, firstName: body.first_name });
      await writeAudit(tx, actor, {
        action: 'user.create',
        objectType: 'user',
        objectId: userId,
        details: {
          email: body.email,
          roleId: body.role_id,
          companyId: body.company_id,
          status: body.status,
          invited,
          ...(pilot ? { pilotId: pilot.pilotId } : {}),
        },
      });
      return userId;
    }),
  );
  const user = (await repo.findUserItem(db, repo.byId(id)))!;
  return { ok: true, success: true, id, user };
}

/**
 * PUT /users: saves a user. Deactivating ends their sessions in the same transaction (their next request
 * answers 401); activating a user who never set a password sends a new invitation. `delete_pilot` ends the
 * pilot record; moving the user to a customer company ends it too (a customer cannot be a pilot).
 */
export async function updateUser(
  deps: Deps,
  actor: Actor,
  input: UserUpdateRequest | UpdateBody,
): Promise<UserSaveResponse> {
  const body = input as UpdateBody;
  const db = deps.database.db;
  await saving(() =>
    withTransaction(db, async (tx) => {
      const current = await repo.lockUser(tx, body.id);
      if (!current) throw notFound('User');
      authorize(actor, 'user.manage', userObject(current.companyId));
      authorize(actor, 'user.manage', userObject(body.company_id));
      if (actor.userId === current.id && body.status !== 1) throw badRequest(M.selfDeactivate);
      if (actor.userId === current.id && body.role_id !== current.roleId) throw badRequest(M.selfRole);
      await checkRoleAndCompany(tx, body);
      if (
        body.email.toLowerCase() !== current.email.toLowerCase() &&
        (await repo.emailInUse(tx, body.email))
      ) {
        throw emailTaken();
      }
      const at = deps.now();
      await repo.updateUser(tx, current.id, columns(body));
      const deactivated = current.status === 1 && body.status !== 1;
      const sessionsEnded = body.status !== 1 ? await repo.revokeSessions(tx, current.id, at) : 0;
      const invited = current.status !== 1 && body.status === 1 && current.passwordHash === null;
      if (invited)
        await sendInvitation(deps, tx, { id: current.id, email: body.email, firstName: body.first_name });

      const existingPilot = await lockPilotOf(tx, current.id);
      const livePilot = existingPilot && existingPilot.pilotDeletedDate === null ? existingPilot : null;
      let pilotChange: 'saved' | 'ended' | null = null;
      let pilotId: number | null = null;
      if (body.pilot) {
        pilotId = (await savePilot(tx, current.id, body.pilot, at)).pilotId;
        pilotChange = 'saved';
      } else if (livePilot && (body.delete_pilot || body.company_id !== OPERATING_COMPANY_ID)) {
        await endPilot(tx, livePilot.id, at);
        pilotId = livePilot.id;
        pilotChange = 'ended';
      }

      const changed = Object.entries(columns(body))
        .filter(([key, value]) => String(current[key as keyof typeof current] ?? '') !== String(value ?? ''))
        .map(([key]) => key);
      await writeAudit(tx, actor, {
        action: deactivated ? 'user.deactivate' : 'user.update',
        objectType: 'user',
        objectId: current.id,
        details: {
          changed,
          ...(deactivated ? { sessionsEnded } : {}),
          ...(invited ? { invited } : {}),
          ...(pilotChange ? { pilot: pilotChange, pilotId } : {}),
        },
      });
    }),
  );
  const user = (await repo.findUserItem(db, repo.byId(body.id)))!;
  return { ok: true, success: true, id: body.id, user };
}
