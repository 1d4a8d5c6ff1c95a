import type { AlertRuleSetValue } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { isoUtc } from '../../platform/db/geo.ts';
import { execute, queryRows } from '../../platform/db/rows.ts';

/** A Postgres text[] literal of `values` (ids of the device contract: no quotes or commas in them). */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

const RuleRow = z.object({
  company_id: z.number(),
  structure_class: z.string(),
  rules: z.unknown(),
  updated_at: z.string().nullable(),
});

/** The classes a company changed (the others have the defaults). */
export function companyRules(db: Db, companyIds: readonly number[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`select company_id, structure_class, rules, ${isoUtc(sql`updated_at`)} as updated_at
        from sensor_alert_rules where company_id = any(${`{${companyIds.join(',')}}`}::int[])`,
    RuleRow,
  );
}

export async function saveRules(db: Db, companyId: number, set: AlertRuleSetValue, userId: number | null) {
  const { structure_class, ...rules } = set;
  await execute(
    db,
    sql`insert into sensor_alert_rules (company_id, structure_class, rules, updated_at, updated_by)
        values (${companyId}, ${structure_class}, ${JSON.stringify(rules)}::jsonb, now(), ${userId})
        on conflict (company_id, structure_class) do update
        set rules = excluded.rules, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  );
}

export const companyExists = (db: Db, companyId: number) =>
  queryRows(
    db,
    sql`select 1 as one from companies where id = ${companyId}`,
    z.object({ one: z.number() }),
  ).then((rows) => rows.length > 0);

const DeviceContext = z.object({
  device_id: z.string(),
  company_id: z.number().nullable(),
  ptype_id: z.number().nullable(),
  seen: z.string().nullable(),
});
export type DeviceContext = z.infer<typeof DeviceContext>;

/**
 * The live devices (all, or those of `deviceIds`) with the company and project type of their structure and
 * when they were last heard from (never: when they were registered).
 */
export function deviceContexts(db: Db, deviceIds?: readonly string[]) {
  return queryRows(
    db,
    sql`select d.device_id, p.company_id, p.ptype_id,
          ${isoUtc(sql`coalesce(d.last_seen_at, d.created_at)`)} as seen
        from sensor_devices d
        left join structures s on s.id = d.structure_id left join projects p on p.id = s.project_id
        where d.retired_at is null
          ${deviceIds ? sql`and d.device_id = any(${textArray(deviceIds)}::text[])` : sql``}`,
    DeviceContext,
  );
}

const OpenRow = z.object({
  id: z.number(),
  device_id: z.string(),
  kind: z.string(),
  level: z.number(),
  started_ms: z.number(),
  raised: z.boolean(),
  peak: z.number().nullable(),
});
export type OpenAlertRow = z.infer<typeof OpenRow>;

/** The unfinished rows (pending and raised) of the devices, locked for this transaction. */
export function unfinishedAlerts(db: Db, deviceIds: readonly string[]) {
  return queryRows(
    db,
    sql`select id, device_id, kind, level, (extract(epoch from started_at) * 1000)::float8 as started_ms,
          raised_at is not null as raised, peak
        from sensor_alerts where device_id = any(${textArray(deviceIds)}::text[]) and ended_at is null
        for update`,
    OpenRow,
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface NewAlert {
  deviceId: string;
  companyId: number | null;
  kind: 'tilt' | 'vibration' | 'offline';
  level: number;
  threshold: number;
  startedMs: number;
  raisedMs: number | null;
  endedMs?: number | null;
  peak: number | null;
}

/** Inserts an alert row; null when an unfinished one of the same device, kind and level exists. */
export async function insertAlert(db: Db, a: NewAlert): Promise<number | null> {
  const [row] = await queryRows(
    db,
    sql`insert into sensor_alerts (device_id, company_id, kind, level, threshold, started_at, raised_at, ended_at, peak)
        values (${a.deviceId}, ${a.companyId}, ${a.kind}, ${a.level}, ${a.threshold}, ${iso(a.startedMs)}::timestamptz,
          ${a.raisedMs === null ? null : iso(a.raisedMs)}::timestamptz,
          ${a.endedMs == null ? null : iso(a.endedMs)}::timestamptz, ${a.peak})
        on conflict (device_id, kind, level) where ended_at is null do nothing
        returning id`,
    z.object({ id: z.number() }),
  );
  return row?.id ?? null;
}

export async function updateAlert(
  db: Db,
  id: number,
  change: { raisedMs?: number; endedMs?: number; peak?: number | null; startedMs?: number },
  endReason: 'cleared' | null = null,
) {
  await execute(
    db,
    sql`update sensor_alerts set
          raised_at = coalesce(${change.raisedMs === undefined ? null : iso(change.raisedMs)}::timestamptz, raised_at),
          ended_at = coalesce(${change.endedMs === undefined ? null : iso(change.endedMs)}::timestamptz, ended_at),
          started_at = coalesce(${change.startedMs === undefined ? null : iso(change.startedMs)}::timestamptz, started_at),
          peak = ${change.peak === undefined ? sql`peak` : sql`${change.peak}`},
          end_reason = coalesce(${endReason}, end_reason)
        where id = ${id}`,
  );
}

/**
 * Closes every unfinished alert of a device retired or moved to another structure (raised ones end now
 * with the reason; pending ones, never raised, go). Answers how many raised alerts it ended.
 */
export async function closeDeviceAlerts(db: Db, deviceId: string, reason: 'retired' | 'moved') {
  await execute(
    db,
    sql`delete from sensor_alerts where device_id = ${deviceId} and ended_at is null and raised_at is null`,
  );
  return execute(
    db,
    sql`update sensor_alerts set ended_at = greatest(now(), started_at), end_reason = ${reason}
        where device_id = ${deviceId} and ended_at is null`,
  );
}

export const deleteAlert = (db: Db, id: number) =>
  execute(db, sql`delete from sensor_alerts where id = ${id}`);

/** Ends the open offline alerts of devices heard from again. */
export function endOfflineAlerts(db: Db, deviceIds: readonly string[]) {
  return execute(
    db,
    sql`update sensor_alerts set ended_at = now(), end_reason = 'heard'
        where device_id = any(${textArray(deviceIds)}::text[]) and kind = 'offline' and ended_at is null`,
  );
}

/** The devices with an open offline alert. */
export const offlineDevices = (db: Db) =>
  queryRows(
    db,
    sql`select device_id from sensor_alerts where kind = 'offline' and ended_at is null`,
    z.object({ device_id: z.string() }),
  ).then((rows) => new Set(rows.map((r) => r.device_id)));

/** The active users of the company who opted in, with the channels they chose (SMS only with a phone). */
export function subscribers(db: Db, companyId: number) {
  return queryRows(
    db,
    sql`select u.email, u.first_name, s.email as by_email,
          case when s.sms and coalesce(trim(u.phone), '') <> '' then trim(u.phone) end as sms_to
        from sensor_alert_subscribers s join users u on u.id = s.user_id
        where u.company_id = ${companyId} and u.status = 1 order by u.id`,
    z.object({
      email: z.string(),
      first_name: z.string(),
      by_email: z.boolean(),
      sms_to: z.string().nullable(),
    }),
  );
}

const SubscriptionRow = z.object({ email: z.boolean(), sms: z.boolean(), has_phone: z.boolean() });

/** The user's channels (false, false when not subscribed) and whether their profile has a phone. */
export async function subscriptionOf(db: Db, userId: number, lock = false) {
  const [row] = await queryRows(
    db,
    sql`select coalesce(s.email, false) as email, coalesce(s.sms, false) as sms,
          coalesce(trim(u.phone), '') <> '' as has_phone
        from users u left join sensor_alert_subscribers s on s.user_id = u.id
        where u.id = ${userId} ${lock ? sql`for update of u` : sql``}`,
    SubscriptionRow,
  );
  return row ?? { email: false, sms: false, has_phone: false };
}

/** Saves the user's channels (neither: the row goes). */
export async function setSubscription(db: Db, userId: number, channels: { email: boolean; sms: boolean }) {
  await execute(
    db,
    channels.email || channels.sms
      ? sql`insert into sensor_alert_subscribers (user_id, email, sms) values (${userId}, ${channels.email}, ${channels.sms})
            on conflict (user_id) do update set email = excluded.email, sms = excluded.sms`
      : sql`delete from sensor_alert_subscribers where user_id = ${userId}`,
  );
}

const AlertRow = z.object({
  id: z.number(),
  device_id: z.string(),
  kind: z.enum(['tilt', 'vibration', 'offline']),
  level: z.number(),
  threshold: z.number(),
  started_at: z.string(),
  raised_at: z.string(),
  ended_at: z.string().nullable(),
  peak: z.number().nullable(),
  end_reason: z.enum(['cleared', 'heard', 'retired', 'moved']).nullable(),
});

/** The device's raised alerts overlapping [from, to], oldest first. */
export function alertsOverlapping(db: Db, deviceId: string, from: Date, to: Date) {
  return queryRows(
    db,
    sql`select id, device_id, kind, level, threshold, ${isoUtc(sql`started_at`)} as started_at,
          ${isoUtc(sql`raised_at`)} as raised_at, ${isoUtc(sql`ended_at`)} as ended_at, peak, end_reason
        from sensor_alerts
        where device_id = ${deviceId} and raised_at is not null and started_at <= ${to.toISOString()}::timestamptz
          and (ended_at is null or ended_at >= ${from.toISOString()}::timestamptz)
        order by started_at, id`,
    AlertRow,
  );
}
