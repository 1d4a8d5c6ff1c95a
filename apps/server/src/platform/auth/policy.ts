import { type Action, type CompanyObject, can, companyScopeOf, decide } from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { forbidden, notFound } from '../errors.ts';
import type { Actor } from './actor.ts';

/**
 * The server side of the domain's policy: call it for every object a service loads. Another company's
 * object answers 404 (its existence is not revealed); a visible object the role may not act on, 403.
 * The system actor (background jobs) acts for whoever queued the work, whose rights were checked then.
 */
export function authorize(actor: Actor, action: Action, object?: CompanyObject): void {
  if (actor.kind === 'system') return;
  const decision = decide(actor, action, object);
  if (decision === 'not_found') throw notFound(object?.kind);
  if (decision === 'forbidden') throw forbidden();
}

/** The company an actor's reads are confined to (a customer's own), or null for staff and the system. */
export const companyScope = (actor: Actor): number | null =>
  actor.kind === 'system' ? null : companyScopeOf(actor);

/** SQL confining a company-id `column` to the actor's scope: `true` for staff and the system. */
export function inActorScope(actor: Actor, column: SQL): SQL {
  const scope = companyScope(actor);
  return scope === null ? sql`true` : sql`${column} = ${scope}`;
}

/**
 * SQL keeping the projects (alias `alias`) the actor may see: every one for staff and the system; for a
 * customer their company's, except the project of a bid that is still a proposal (not yet won).
 */
export function projectInActorScope(actor: Actor, alias = 'p'): SQL {
  const scope = companyScope(actor);
  if (scope === null) return sql`true`;
  const p = sql.raw(alias);
  return sql`(${p}.company_id = ${scope} and not exists (
    select 1 from bids proposal where proposal.project_id = ${p}.id and proposal.status = 'open'))`;
}

/**
 * Whether the actor sees the inspection company's internal quality work: rejected photos and their counts,
 * unassigned photos, capture completeness. Staff and the system do; a customer sees the delivered,
 * accepted result (spec 2 §6).
 */
export const seesQualityWork = (actor: Actor): boolean =>
  actor.kind === 'system' || can(actor, 'image.quality.read');

/**
 * SQL keeping the photos (alias `i`) the actor may see: `true` for staff; for a customer the accepted ones on
 * structures (not rejected, not unassigned).
 */
export function acceptedPhotoFor(actor: Actor, alias = 'i'): SQL {
  if (seesQualityWork(actor)) return sql`true`;
  const a = sql.raw(alias);
  return sql`(${a}.reject_datetime is null and ${a}.structure_id is not null)`;
}
