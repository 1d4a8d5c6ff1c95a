import {
  type AlertRuleSet,
  type AlertRulesResponse,
  type AlertSubscription,
  type AlertSubscriptionBody,
  DEFAULT_RULE_SETS,
  SENSOR_RANGES,
  type SensorRange,
  STRUCTURE_CLASSES,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { authorize, companyScope } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { ruleSetFor } from './alertEvaluation.ts';
import * as repo from './alerts.repository.ts';
import * as dataRepo from './sensorData.repository.ts';

/**
 * The company whose rules a call is about: a customer's own (naming another company is 404, its existence
 * not revealed); for staff the company `company_id` names, which they must name (400) and which must exist.
 */
async function companyOf(db: Db, actor: Actor, companyId: number | undefined): Promise<number> {
  const own = companyScope(actor);
  if (own !== null) {
    if (companyId !== undefined && companyId !== own) throw notFound('Company');
    return own;
  }
  if (companyId === undefined) throw badRequest('company_id: staff name the company whose rules these are');
  if (!(await repo.companyExists(db, companyId))) throw notFound('Company');
  return companyId;
}

async function rulesOf(db: Db, companyId: number): Promise<AlertRulesResponse> {
  const rows = await repo.companyRules(db, [companyId]);
  return {
    company_id: companyId,
    rules: STRUCTURE_CLASSES.map((cls) => {
      const row = rows.find((r) => r.structure_class === cls);
      return {
        ...ruleSetFor(rows, companyId, cls),
        customized: row !== undefined,
        updated_at: row?.updated_at ?? null,
      };
    }),
    defaults: STRUCTURE_CLASSES.map((cls) => DEFAULT_RULE_SETS[cls]),
  };
}

/** A company's alert rules per structure class (the defaults where it kept them). */
export async function alertRules(db: Db, actor: Actor, companyId: number | undefined) {
  const company = await companyOf(db, actor, companyId);
  authorize(actor, 'sensor.read', { kind: 'Company', companyId: company });
  return rulesOf(db, company);
}

/**
 * Replaces the rules of the classes in `sets` (the others keep theirs), in one transaction with its audit
 * record. The raised alerts stay as they are; the next readings are judged by the new rules.
 */
export async function saveAlertRules(
  db: Db,
  actor: Actor,
  companyId: number | undefined,
  sets: readonly AlertRuleSet[],
) {
  const company = await companyOf(db, actor, companyId);
  authorize(actor, 'sensor.alerts.edit', { kind: 'Company', companyId: company });
  return withTransaction(db, async (tx) => {
    for (const set of sets) await repo.saveRules(tx, company, set, actor.userId);
    await writeAudit(tx, actor, {
      action: 'sensor.alert_rules.update',
      objectType: 'company',
      objectId: company,
      details: { rules: sets },
    });
    return rulesOf(tx, company);
  });
}

/** The device's raised alerts overlapping the chart's range (the bands); another company's device 404. */
export async function deviceAlerts(db: Db, actor: Actor, deviceId: string, range: SensorRange, now: Date) {
  const device = await dataRepo.deviceCompany(db, deviceId);
  if (!device) throw notFound('Device');
  if (device.company_id === null) {
    if (companyScope(actor) !== null) throw notFound('Device');
  } else authorize(actor, 'sensor.read', { kind: 'Device', companyId: device.company_id });
  const from = new Date(now.getTime() - SENSOR_RANGES[range]);
  return repo.alertsOverlapping(db, deviceId, from, now);
}

/** How the caller is told of alerts (e-mail, SMS) and whether their profile has a phone for SMS. */
export async function subscription(db: Db, actor: Actor): Promise<AlertSubscription> {
  if (actor.userId === null) throw badRequest('Only users subscribe to alerts');
  const row = await repo.subscriptionOf(db, actor.userId);
  return { subscribed: row.email || row.sms, ...row };
}

/**
 * Changes the caller's channels (see AlertSubscriptionBody). SMS needs a phone on the user's profile: 400
 * with nothing written otherwise. Audited.
 */
export async function setSubscription(
  db: Db,
  actor: Actor,
  body: AlertSubscriptionBody,
): Promise<AlertSubscription> {
  const userId = actor.userId;
  if (userId === null) throw badRequest('Only users subscribe to alerts');
  return withTransaction(db, async (tx) => {
    const now = await repo.subscriptionOf(tx, userId, true);
    const email = body.email ?? (body.subscribed === undefined ? now.email : body.subscribed);
    const sms = body.sms ?? (body.subscribed === false ? false : now.sms);
    if (sms && !now.has_phone)
      throw badRequest('sms: add a phone number to your profile to receive alerts by text message');
    await repo.setSubscription(tx, userId, { email, sms });
    await writeAudit(tx, actor, {
      action: email || sms ? 'sensor.alerts.subscribe' : 'sensor.alerts.unsubscribe',
      objectType: 'user',
      objectId: userId,
      details: { email, sms },
    });
    return { subscribed: email || sms, email, sms, has_phone: now.has_phone };
  });
}
