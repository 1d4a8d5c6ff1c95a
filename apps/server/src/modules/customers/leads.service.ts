import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  LEAD_FORM_TIMING,
  LEAD_MESSAGES,
  LEAD_RATE_LIMIT,
  type Lead,
  type LeadRequest,
  ok,
} from '@linewalker/domain';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { AnonymousCaller, UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, tooManyRequests } from '../../platform/errors.ts';
import { RateLimiter } from '../../platform/http/rateLimiter.ts';
import * as repo from './leads.repository.ts';

type LeadBody = z.output<typeof LeadRequest>;

const sign = (secret: string, issuedAt: number) =>
  createHmac('sha256', secret).update(`lead-form:${issuedAt}`).digest('base64url');

/** A form token: when the form was shown, signed with the server's secret (nothing is stored). */
export const leadFormToken = (secret: string, issuedAt: number): string =>
  `${issuedAt}.${sign(secret, issuedAt)}`;

/** The instant a genuine token was issued, or null for a forged or malformed one. */
function tokenIssuedAt(secret: string, token: string): number | null {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? issuedAt : null;
}

export const createLeadLimiter = (db: Db, now: () => number = Date.now) =>
  new RateLimiter(db, 'lead_address', LEAD_RATE_LIMIT.perAddress, LEAD_RATE_LIMIT.windowMs, now);

/**
 * Stores a lead from the public form. Refused, with nothing stored: a filled hidden field (robots), a form
 * token that is forged, sent sooner than 3 s after the form was shown or older than a day (400
 * lead_refused), and past 10 leads an hour from one address (429; counted in rate_limits).
 */
export async function submitLead(
  deps: Deps,
  limiter: RateLimiter,
  caller: AnonymousCaller,
  body: LeadBody,
): Promise<typeof ok> {
  const now = deps.now().getTime();
  if (body.website?.trim()) throw badRequest(LEAD_MESSAGES.refused, 'lead_refused');
  const issuedAt = tokenIssuedAt(deps.config.jwtSecret, body.form_token);
  if (issuedAt === null || issuedAt > now + 60_000) throw badRequest(LEAD_MESSAGES.refused, 'lead_refused');
  if (now - issuedAt < LEAD_FORM_TIMING.minFillMs) throw badRequest(LEAD_MESSAGES.tooFast, 'lead_refused');
  if (now - issuedAt > LEAD_FORM_TIMING.maxAgeMs) throw badRequest(LEAD_MESSAGES.expired, 'lead_refused');
  const { allowed, retryAfter } = await limiter.take(caller.ip);
  if (!allowed) throw tooManyRequests(retryAfter);
  await withTransaction(deps.database.db, async (tx) => {
    const id = await repo.insertLead(tx, {
      firstName: body.first_name,
      lastName: body.last_name,
      companyName: body.company_name,
      email: body.email,
      phone: body.phone,
      message: body.message,
      source: 'request-inspection',
    });
    await writeAudit(tx, caller, {
      action: 'lead.create',
      objectType: 'lead',
      objectId: id,
      details: { company_name: body.company_name, email: body.email },
    });
  });
  return ok;
}

export async function leadList(db: Db, actor: UserActor): Promise<Lead[]> {
  authorize(actor, 'lead.read');
  const rows = await repo.listLeads(db);
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at).toISOString(),
    converted_at: r.converted_at ? new Date(r.converted_at).toISOString() : null,
  }));
}
