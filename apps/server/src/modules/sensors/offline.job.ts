import { isOffline, structureClassOf } from '@linewalker/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import { type AlertNotifier, notifyRaised, type RaisedAlert, ruleSetFor } from './alertEvaluation.ts';
import * as repo from './alerts.repository.ts';

/**
 * Raises an offline alert for every live device silent longer than its rules' offline.after_seconds (never
 * heard from: since it was registered), once: the open offline alert stays until the device is heard from
 * again (the ingestion ends it). Each new alert is recorded and e-mailed in one transaction; a second
 * server's run at the same time inserts nothing (one unfinished alert per device, kind and level).
 */
export async function raiseOfflineAlerts(db: Db, now: Date, notifier: AlertNotifier | null): Promise<number> {
  const devices = await repo.deviceContexts(db);
  const already = await repo.offlineDevices(db);
  const companies = [...new Set(devices.map((d) => d.company_id).filter((c): c is number => c !== null))];
  const rules = await repo.companyRules(db, companies);
  let raised = 0;
  for (const device of devices) {
    if (already.has(device.device_id) || device.seen === null) continue;
    const { offline } = ruleSetFor(rules, device.company_id, structureClassOf(device.ptype_id));
    const seen = new Date(device.seen).getTime();
    if (!isOffline(seen, offline.after_seconds, now.getTime())) continue;
    const alert: RaisedAlert = {
      deviceId: device.device_id,
      companyId: device.company_id,
      kind: 'offline',
      level: offline.level,
      threshold: offline.after_seconds,
      peak: null,
      startedMs: seen,
    };
    const created = await withTransaction(db, async (tx) => {
      const id = await repo.insertAlert(tx, { ...alert, raisedMs: now.getTime() });
      if (id !== null && notifier) await notifyRaised(tx, notifier, [alert]);
      return id !== null;
    });
    if (created) raised++;
  }
  return raised;
}

/** Every minute: devices silent past their rules become offline alerts. */
export const sensorOfflineJob = defineJob({
  name: 'sensors.offline',
  payload: z.object({}),
  schedule: { everyMs: 60_000 },
  maxAttempts: 3,
  leaseMs: 5 * 60_000,
  async run(ctx) {
    const raised = await raiseOfflineAlerts(ctx.deps.database.db, new Date(), {
      mailer: ctx.deps.mailer,
      publicUrl: ctx.deps.config.publicUrl,
    });
    return { raised };
  },
});
