import {
  AlertRuleSet,
  type AlertRuleSetValue,
  type AlertState,
  DEFAULT_RULE_SETS,
  type StructureClass,
  stepAlert,
  structureClassOf,
  thresholdRules,
} from '@linewalker/domain';
import type { Db } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.types.ts';
import * as repo from './alerts.repository.ts';
import type { BatchDevice, PreparedReading } from './sensors.repository.ts';

/** Where raised alerts are announced: the outbox (a `mail.deliver` job each) and the link in the e-mail. */
export interface AlertNotifier {
  mailer: Mailer;
  publicUrl: string;
}

type RuleRows = Awaited<ReturnType<typeof repo.companyRules>>;

/** The rules of a company's class: its saved ones, or the defaults (also when a saved row no longer parses). */
export function ruleSetFor(rows: RuleRows, companyId: number | null, cls: StructureClass): AlertRuleSetValue {
  const row = rows.find((r) => r.company_id === companyId && r.structure_class === cls);
  if (!row) return DEFAULT_RULE_SETS[cls];
  const parsed = AlertRuleSet.safeParse({ ...(row.rules as object), structure_class: cls });
  return parsed.success ? parsed.data : DEFAULT_RULE_SETS[cls];
}

export interface RaisedAlert {
  deviceId: string;
  companyId: number | null;
  kind: 'tilt' | 'vibration' | 'offline';
  level: number;
  threshold: number;
  peak: number | null;
  startedMs: number;
}

const UNITS = { tilt: '°', vibration: ' g', offline: ' s' } as const;
const LEVEL_NAMES = ['', 'notice', 'warning', 'alarm'];

/**
 * Tells the company's subscribed users about raised alerts, each by the channels they chose (an e-mail and/or
 * a text message), in the caller's transaction: once per alert.
 */
export async function notifyRaised(tx: Db, notifier: AlertNotifier, alerts: readonly RaisedAlert[]) {
  let sent = 0;
  const people = new Map<number, Awaited<ReturnType<typeof repo.subscribers>>>();
  for (const alert of alerts) {
    if (alert.companyId === null) continue;
    let list = people.get(alert.companyId);
    if (!list) {
      list = await repo.subscribers(tx, alert.companyId);
      people.set(alert.companyId, list);
    }
    const what =
      alert.kind === 'offline'
        ? `has sent nothing for more than ${alert.threshold} seconds (offline)`
        : `${alert.kind} reached ${alert.peak?.toFixed(2)}${UNITS[alert.kind]}, over the ${alert.threshold}${UNITS[alert.kind]} threshold`;
    const since = new Date(alert.startedMs).toISOString();
    for (const person of list) {
      if (person.by_email) {
        await notifier.mailer.enqueue(tx, {
          channel: 'email',
          to: person.email,
          subject: `Sensor ${LEVEL_NAMES[alert.level]} (risk ${alert.level}): device ${alert.deviceId}`,
          body:
            `Hello ${person.first_name},\n\n` +
            `Sensor device ${alert.deviceId} ${what} since ${since}.\n\n` +
            `Open the Sensors page to see it:\n${notifier.publicUrl}/sensor\n\n` +
            'You receive these e-mails because you asked for them in Edit Alerts on the Sensors page.\n',
        });
        sent++;
      }
      if (person.sms_to) {
        await notifier.mailer.enqueue(tx, {
          channel: 'sms',
          to: person.sms_to,
          body: `Linewalker sensor ${LEVEL_NAMES[alert.level]} (risk ${alert.level}): device ${alert.deviceId} ${what} since ${since}. ${notifier.publicUrl}/sensor`,
        });
        sent++;
      }
    }
  }
  return sent;
}

interface Sample {
  t: number;
  tilt: number | null;
  vibration: number | null;
}

/**
 * Runs a batch of new readings through the rules of each device's company and structure class, inside the
 * batch's transaction (after the readings are stored, which locks the devices' rows: two servers evaluate a
 * device one after the other). The state between batches is the unfinished rows of sensor_alerts: a value
 * over a threshold is a pending row from its first reading; when it has held for the hold time the row is
 * raised (once: a notice is e-mailed); when the value falls under the hysteresis line the row ends with its
 * peak. A device heard from again ends its offline alert. Only readings newer than the device's latest
 * before this batch (`latestBefore`, ms) are judged: one that arrives late (older, from another batch) is
 * stored but neither raises nor clears anything, as the rows already hold the state after it. Answers the
 * alerts raised.
 */
export async function evaluateAlerts(
  tx: Db,
  readings: readonly PreparedReading[],
  devices: readonly BatchDevice[],
  notifier: AlertNotifier | null,
): Promise<RaisedAlert[]> {
  if (readings.length === 0 || devices.length === 0) return [];
  const ids = devices.map((d) => d.device_id);
  const latestBefore = new Map(devices.map((d) => [d.device_id, d.latest_ms]));
  const companies = [...new Set(devices.map((d) => d.company_id).filter((c): c is number => c !== null))];
  const rules = await repo.companyRules(tx, companies);
  const unfinished = await repo.unfinishedAlerts(tx, ids);
  const offline = unfinished.filter((u) => u.kind === 'offline').map((u) => u.device_id);
  if (offline.length > 0) await repo.endOfflineAlerts(tx, offline);
  const samples = new Map<string, Sample[]>();
  for (const r of readings) {
    if (!latestBefore.has(r.deviceId)) continue;
    const before = latestBefore.get(r.deviceId);
    if (before != null && r.payloadTimeMs <= before) continue;
    const list = samples.get(r.deviceId) ?? [];
    list.push({ t: r.payloadTimeMs, tilt: r.tilt, vibration: r.vibration });
    samples.set(r.deviceId, list);
  }
  // Per batch, not per device: a company's rules (a saved set is parsed by zod) and the open rows by device
  // (a batch carries thousands of devices; a search of every open row for each was quadratic).
  const rulesOf = new Map<string, ReturnType<typeof thresholdRules>>();
  const openOf = new Map<string, typeof unfinished>();
  for (const u of unfinished) {
    const list = openOf.get(u.device_id);
    if (list) list.push(u);
    else openOf.set(u.device_id, [u]);
  }
  const raised: RaisedAlert[] = [];
  for (const device of devices) {
    const list = (samples.get(device.device_id) ?? []).sort((a, b) => a.t - b.t);
    const cls = structureClassOf(device.ptype_id);
    const key = `${device.company_id} ${cls}`;
    let deviceRules = rulesOf.get(key);
    if (!deviceRules) {
      deviceRules = thresholdRules(ruleSetFor(rules, device.company_id, cls));
      rulesOf.set(key, deviceRules);
    }
    const open = openOf.get(device.device_id);
    for (const rule of deviceRules) {
      const row = open?.find((u) => u.kind === rule.kind && u.level === rule.level);
      let state: AlertState = !row
        ? { overSince: null, overPeak: null, raised: null }
        : row.raised
          ? {
              overSince: row.started_ms,
              overPeak: row.peak,
              raised: { start: row.started_ms, peak: row.peak ?? 0 },
            }
          : { overSince: row.started_ms, overPeak: row.peak, raised: null };
      // The row this rule's current run is kept in (consumed when it ends or is deleted).
      let current = row?.id ?? null;
      const base = {
        deviceId: device.device_id,
        companyId: device.company_id,
        kind: rule.kind,
        level: rule.level,
        threshold: rule.threshold,
      };
      for (const sample of list) {
        const value = sample[rule.kind];
        if (value === null) continue;
        const step = stepAlert(rule, state, value, sample.t);
        state = step.state;
        const event = step.event;
        if (event?.type === 'raised') {
          if (current !== null) await repo.updateAlert(tx, current, { raisedMs: event.at, peak: event.peak });
          else
            current = await repo.insertAlert(tx, {
              ...base,
              startedMs: event.start,
              raisedMs: event.at,
              peak: event.peak,
            });
          if (current !== null) raised.push({ ...base, peak: event.peak, startedMs: event.start });
        } else if (event?.type === 'cleared' && current !== null) {
          await repo.updateAlert(tx, current, { endedMs: event.end, peak: event.peak }, 'cleared');
          current = null;
        }
      }
      // Keep the state of the run still going (or drop a pending run that ended under the threshold).
      if (state.raised && current !== null) await repo.updateAlert(tx, current, { peak: state.raised.peak });
      else if (state.overSince !== null && !state.raised) {
        if (current !== null)
          await repo.updateAlert(tx, current, { startedMs: state.overSince, peak: state.overPeak });
        else
          await repo.insertAlert(tx, {
            ...base,
            startedMs: state.overSince,
            raisedMs: null,
            peak: state.overPeak,
          });
      } else if (!state.raised && current !== null && row && !row.raised) await repo.deleteAlert(tx, current);
    }
  }
  if (notifier && raised.length > 0) await notifyRaised(tx, notifier, raised);
  return raised;
}
