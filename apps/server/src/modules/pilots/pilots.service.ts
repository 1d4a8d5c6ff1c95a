import {
  OPERATING_COMPANY_ID,
  PILOT_MESSAGES,
  type PilotDirectory,
  type PilotItem,
  type PilotSaveRequest,
  type PilotSaveRequest as PilotSaveSchema,
  type PilotStats,
  ROLE_IDS,
  USER_MESSAGES,
} from '@linewalker/domain';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { insertUser } from '../users/users.repository.ts';
import { savePilot } from '../users/users.service.ts';
import { geocodeUsPlace } from './gazetteer.ts';
import * as repo from './pilots.repository.ts';

type SaveBody = z.output<typeof PilotSaveSchema>;

/** Spec 2 §3 'Pilot stats': active pilots (all but separated) and how many are in each availability. */
export function pilotStats(items: PilotItem[]): PilotStats {
  const count = (availability: string) => items.filter((p) => p.availability === availability).length;
  return {
    active: items.filter((p) => p.availability !== 'separated').length,
    on_assignment: count('on_assignment'),
    available: count('available'),
    training: count('training'),
    on_vacation: count('vacation'),
  };
}

/** GET /pilots: the directory (every current pilot) and its stats. */
export async function listDirectory(db: Db, actor: Actor): Promise<PilotDirectory> {
  authorize(actor, 'pilot.list');
  const items = await repo.listPilots(db);
  return { items, stats: pilotStats(items) };
}

/** The unique index on lower(email) refused a new user: another save took the address first. */
function isEmailTaken(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === 'users_email_unique') return true;
  }
  return false;
}

/**
 * POST /pilots: the pilot form (spec 2 §5). A known email saves that user's pilot record (their name and
 * phone stay as they are: the form shows them read-only); a new email creates an operating-company user
 * with the User role who is a pilot only: inactive, with no password and no invitation, so the pilot
 * directory never hands out logins (a super admin activates the account from the Users page if wanted).
 * The home base is placed from the map pick, else from the offline gazetteer; a name it does not know and
 * no pick answers 400 home_base_not_found, with nothing written.
 */
export async function savePilotForm(
  deps: Deps,
  actor: Actor,
  input: PilotSaveRequest | SaveBody,
): Promise<{ pilot: PilotItem; createdUser: boolean }> {
  const body = input as SaveBody;
  authorize(actor, 'pilot.save');
  const picked =
    body.latitude != null && body.longitude != null
      ? { latitude: body.latitude, longitude: body.longitude }
      : null;
  const place = picked ?? geocodeUsPlace(body.home_base);
  // Two saves of one new email at once: the loser's insert hits the unique index; run it again, when the
  // winner's user exists, so both answer with the saved pilot.
  for (let attempt = 1; ; attempt++) {
    try {
      return await saveOnce(deps, actor, body, picked, place);
    } catch (err) {
      if (!isEmailTaken(err)) throw err;
      if (attempt >= 2) throw conflict(USER_MESSAGES.emailTaken, 'email_taken');
    }
  }
}

async function saveOnce(
  deps: Deps,
  actor: Actor,
  body: SaveBody,
  picked: { latitude: number; longitude: number } | null,
  place: { latitude: number; longitude: number } | null,
): Promise<{ pilot: PilotItem; createdUser: boolean }> {
  const db = deps.database.db;
  const result = await withTransaction(db, async (tx) => {
    const at = deps.now();
    const existing = await repo.lockUserByEmail(tx, body.email);
    if (existing && existing.company_id !== OPERATING_COMPANY_ID) {
      throw badRequest(PILOT_MESSAGES.customerNotPilot);
    }
    // An unchanged home base that was placed before (perhaps picked on the map) keeps its coordinates.
    const keepsPlace = existing?.has_location && existing.home_base === body.home_base;
    if (!place && !keepsPlace) {
      throw badRequest(PILOT_MESSAGES.homeBaseNotFound, 'home_base_not_found', {
        issues: [{ path: 'home_base', message: PILOT_MESSAGES.homeBaseNotFound }],
      });
    }
    const userId =
      existing?.id ??
      (await insertUser(tx, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone,
        status: 0,
        startDate: at.toISOString().slice(0, 10),
        roleId: ROLE_IDS.user,
        companyId: OPERATING_COMPANY_ID,
      }));
    const { pilotId } = await savePilot(
      tx,
      userId,
      {
        availability: body.availability,
        license_expiration: body.license_expiration,
        home_base: body.home_base,
        aircraft: body.aircraft ?? null,
        proficiencies: body.proficiencies,
        certifications: body.certifications,
        skills: body.skills,
        attributes: [],
      },
      at,
    );
    if (picked) await repo.setHomeLocation(tx, pilotId, picked);
    else if (place && !keepsPlace) await repo.setHomeLocation(tx, pilotId, place);
    await writeAudit(tx, actor, {
      action: existing ? 'pilot.save' : 'pilot.create',
      objectType: 'pilot',
      objectId: pilotId,
      details: {
        userId,
        createdUser: !existing,
        homeBase: body.home_base,
        placedBy: picked ? 'map' : place ? 'gazetteer' : 'unchanged',
      },
    });
    return { userId, createdUser: !existing };
  });
  const [pilot] = await repo.listPilots(db, result.userId);
  return { pilot: pilot!, createdUser: result.createdUser };
}
