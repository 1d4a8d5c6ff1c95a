import type { SensorMessageValue } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireStructure } from '../../platform/auth/require.ts';
import { newSecretToken, sha256 } from '../../platform/auth/tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { conflict, notFound, unauthorized } from '../../platform/errors.ts';
import { type AlertNotifier, evaluateAlerts } from './alertEvaluation.ts';
import * as alertsRepo from './alerts.repository.ts';
import * as repo from './sensors.repository.ts';

/**
 * Registers a device on a project structure (staff). Answers its token once: only its SHA-256 is kept, so a
 * lost token means registering the device under a new id (or retiring and re-registering it).
 */
export async function registerDevice(db: Db, actor: Actor, deviceId: string, structureId: number) {
  return withTransaction(db, async (tx) => {
    await requireStructure(tx, actor, 'sensor.device.manage', structureId);
    const { token, hash } = newSecretToken();
    const row = await repo.insertDevice(tx, deviceId, structureId, hash);
    if (!row) throw conflict(`Device ${deviceId} is already registered`);
    await writeAudit(tx, actor, {
      action: 'sensor.device.register',
      objectType: 'sensor_device',
      objectId: deviceId,
      details: { structure_id: structureId },
    });
    return { device_id: row.device_id, token };
  });
}

/** Moves a device to another structure (it keeps its token and readings). A retired device 409. */
export async function moveDevice(db: Db, actor: Actor, deviceId: string, structureId: number) {
  return withTransaction(db, async (tx) => {
    await requireStructure(tx, actor, 'sensor.device.manage', structureId);
    const device = await repo.findDevice(tx, deviceId, true);
    if (!device) throw notFound('Device');
    if (device.retired_at) throw conflict(`Device ${deviceId} is retired`);
    const row = await repo.moveDevice(tx, deviceId, structureId);
    // Its alerts were about the structure it left (and that company's rules).
    const closed =
      device.structure_id === structureId ? 0 : await alertsRepo.closeDeviceAlerts(tx, deviceId, 'moved');
    await writeAudit(tx, actor, {
      action: 'sensor.device.move',
      objectType: 'sensor_device',
      objectId: deviceId,
      details: { from: device.structure_id, to: structureId, alerts_closed: closed },
    });
    return row ?? device;
  });
}

/**
 * Retires a device: its token is refused from now on (HTTP and MQTT); its readings stay; its open alerts end
 * now with the reason 'retired' (its pending ones go). Idempotent.
 */
export async function retireDevice(db: Db, actor: Actor, deviceId: string) {
  return withTransaction(db, async (tx) => {
    const row = await repo.retireDevice(tx, deviceId);
    if (!row) throw notFound('Device');
    const closed = await alertsRepo.closeDeviceAlerts(tx, deviceId, 'retired');
    await writeAudit(tx, actor, {
      action: 'sensor.device.retire',
      objectType: 'sensor_device',
      objectId: deviceId,
      details: { alerts_closed: closed },
    });
    return row;
  });
}

/** The live device a token belongs to (and, for MQTT, the id it claims), or null. */
export function authenticateDevice(db: Db, token: string, deviceId?: string) {
  return repo.findActiveDeviceByToken(db, sha256(token), deviceId);
}

/** HTTP ingestion: the request's messages, stored together (all or nothing) for the token's device. */
export async function ingestOverHttp(
  db: Db,
  token: string | null,
  messages: SensorMessageValue[],
  notifier: AlertNotifier | null,
) {
  const device = token ? await authenticateDevice(db, token) : null;
  if (!device) throw unauthorized('Unknown or retired device token');
  const stored = await withTransaction(db, async (tx) => {
    const readings = messages.map((m) => repo.prepareReading(device.device_id, m));
    const { stored: n, devices } = await repo.storeBatch(tx, readings);
    // Retired since the token was checked: nothing was stored.
    if (devices.length === 0) throw unauthorized('Unknown or retired device token');
    await evaluateAlerts(tx, readings, devices, notifier);
    return n;
  });
  return { accepted: messages.length, stored };
}
