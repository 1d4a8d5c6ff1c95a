import { SensorMessage } from '@linewalker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { type AlertNotifier, evaluateAlerts } from './alertEvaluation.ts';
import { type DeviceReading, storeBatch } from './sensors.repository.ts';

export interface IngestorOptions {
  /** Readings written per transaction at most. */
  batchSize?: number;
  /** How long a reading waits for others before its batch is written. */
  maxDelayMs?: number;
  /** Readings held in memory before `accept` makes the caller wait (back-pressure on the broker). */
  maxPending?: number;
  /** Where raised alerts are e-mailed (the server's outbox); without one alerts are only recorded. */
  notifier?: AlertNotifier | null;
}

export interface IngestStats {
  received: number;
  stored: number;
  duplicates: number;
  bad: number;
  unknownDevice: number;
  failedFlushes: number;
}

/**
 * Validates MQTT messages and writes them in batches. A message that is not JSON or breaks the contract is
 * counted and logged with its device and never stored (nor half-stored: each batch is one transaction); one
 * from a device that is not registered or is retired likewise. A batch the database refuses stays queued and
 * is tried again, so a database outage delays readings without losing them. Each batch runs through the
 * alert rules in its transaction (alertEvaluation.ts): an alert is recorded and announced with its readings.
 */
export class SensorIngestor {
  readonly stats: IngestStats = {
    received: 0,
    stored: 0,
    duplicates: 0,
    bad: 0,
    unknownDevice: 0,
    failedFlushes: 0,
  };
  private queue: DeviceReading[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  private closed = false;
  private readonly batchSize: number;
  private readonly maxDelayMs: number;
  private readonly maxPending: number;
  private readonly notifier: AlertNotifier | null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: IngestorOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 50;
    this.maxPending = options.maxPending ?? 20_000;
    this.notifier = options.notifier ?? null;
  }

  /** Parses one message of `deviceId`; answers false (counted, logged) when it is refused. */
  accept(deviceId: string, raw: Buffer | string): boolean {
    this.stats.received++;
    let json: unknown;
    try {
      json = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
    } catch {
      return this.refuse(deviceId, 'not JSON');
    }
    const parsed = SensorMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.refuse(deviceId, `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`);
    }
    this.queue.push({ ...parsed.data, deviceId });
    if (this.queue.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.maxDelayMs);
    return true;
  }

  /** Resolves when there is room for more messages (immediately unless the database is behind). */
  room(): Promise<void> {
    if (this.queue.length < this.maxPending) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Writes everything queued so far. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    this.flushing = this.writeQueued().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.queue.length > 0 && !this.closed)
      this.timer ??= setTimeout(() => void this.flush(), this.maxDelayMs);
  }

  /** Stops the timer after writing what is queued (a shutdown keeps every acknowledged reading). */
  async close(): Promise<void> {
    for (let attempt = 0; this.queue.length > 0 && attempt < 5; attempt++) await this.flush();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private refuse(deviceId: string, reason: string): false {
    this.stats.bad++;
    this.log.warn({ deviceId, reason }, `Sensor message from ${deviceId} refused: ${reason}`);
    return false;
  }

  private async writeQueued(): Promise<void> {
    const batch = this.queue.splice(0, this.batchSize);
    try {
      const ids = [...new Set(batch.map((r) => r.deviceId))];
      const stored = await withTransaction(this.db, async (tx) => {
        const { stored: n, devices } = await storeBatch(tx, batch);
        const known = new Set(devices.map((d) => d.device_id));
        const accepted = batch.filter((r) => known.has(r.deviceId));
        for (const id of ids) {
          if (!known.has(id))
            this.log.warn({ deviceId: id }, `Sensor messages from unknown or retired device ${id} dropped`);
        }
        this.stats.unknownDevice += batch.length - accepted.length;
        this.stats.duplicates += accepted.length - n;
        await evaluateAlerts(tx, accepted, devices, this.notifier);
        return n;
      });
      this.stats.stored += stored;
    } catch (err) {
      // Back to the front of the queue, in order; the next flush tries again.
      this.queue.unshift(...batch);
      this.stats.failedFlushes++;
      this.log.error({ err }, `Storing ${batch.length} sensor readings failed; they stay queued`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 100 * this.stats.failedFlushes)));
    } finally {
      if (this.queue.length < this.maxPending) for (const wake of this.waiters.splice(0)) wake();
    }
  }
}
