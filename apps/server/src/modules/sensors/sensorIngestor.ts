import { parseSensorMessage } from '@linewalker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { type AlertNotifier, evaluateAlerts } from './alertEvaluation.ts';
import { type PreparedReading, prepareReading, storeBatch } from './sensors.repository.ts';

export interface IngestorOptions {
  /**
   * Readings written per transaction at most (default 2,500). Each transaction also costs a fixed ~4 ms of
   * the database's time (planning the statement, the alert queries, the commit): a burst drains faster in
   * fewer, larger batches. A steady 5,000 readings/s never fills one (each lane writes what came meanwhile).
   */
  batchSize?: number;
  /** How long a reading waits for others before its batch is written. */
  maxDelayMs?: number;
  /**
   * An idle lane writes at once when it holds this many (default 500) rather than waiting out maxDelayMs:
   * at the start of a burst the database otherwise sat idle for the whole delay (~10 % of a 10,000-reading
   * burst) while the readings piled up. A steady stream (5,000 readings/s is ~120 per lane in 50 ms) still
   * waits, so its batches stay as large as before.
   */
  startBatchSize?: number;
  /** Readings held in memory before `accept` makes the caller wait (back-pressure on the broker). */
  maxPending?: number;
  /** Batches written at once, each on its own connection (default 2: this machine's cores). */
  lanes?: number;
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
 * Where a message is acknowledged once its reading is committed: the MQTT connection that delivered it.
 * `ack` gets the message ids of a committed batch that came over it (in the order they came).
 */
export interface AckSink {
  ack(messageIds: number[]): void;
}

/** A reading waiting for its batch, with the connection and message id to acknowledge when committed. */
interface QueuedReading extends PreparedReading {
  ackTo: AckSink | null;
  messageId: number;
}

/** One queue of readings written one batch at a time; a device always goes to the same lane. */
interface Lane {
  queue: QueuedReading[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
}

/** A device's lane: a string hash, so a device's readings are always written in the order they came. */
function laneOf(deviceId: string, lanes: number): number {
  let h = 0;
  for (let i = 0; i < deviceId.length; i++) h = (h * 31 + deviceId.charCodeAt(i)) | 0;
  return (h >>> 0) % lanes;
}

/**
 * Validates MQTT messages and writes them in batches. A message that is not JSON or breaks the contract is
 * counted and logged with its device and never stored (nor half-stored: each batch is one transaction); one
 * from a device that is not registered or is retired likewise. A batch the database refuses stays queued and
 * is tried again, so a database outage delays readings without losing them. Each batch runs through the
 * alert rules in its transaction (alertEvaluation.ts): an alert is recorded and announced with its readings.
 *
 * The devices are spread over `lanes` queues (by a hash of the id), each writing one batch at a time, so on
 * PostgreSQL as many batches commit in parallel (on their own connections and cores) while a device's
 * readings still reach the rules in order: a burst drains `lanes` times faster and a reading waits behind
 * fewer others (the alert latency). Two lanes never hold the same device, so they never wait on each
 * other's row locks. PGlite runs one transaction at a time; the lanes then only take turns.
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
  private readonly lanes: Lane[];
  private pending = 0;
  private waiters: (() => void)[] = [];
  private closed = false;
  private readonly batchSize: number;
  private readonly maxDelayMs: number;
  private readonly startBatchSize: number;
  private readonly maxPending: number;
  private readonly notifier: AlertNotifier | null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: IngestorOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 2500;
    this.maxDelayMs = options.maxDelayMs ?? 50;
    this.startBatchSize = Math.min(this.batchSize, options.startBatchSize ?? 500);
    this.maxPending = options.maxPending ?? 20_000;
    this.notifier = options.notifier ?? null;
    this.lanes = Array.from({ length: Math.max(1, options.lanes ?? 2) }, () => ({
      queue: [],
      timer: null,
      flushing: null,
    }));
  }

  /**
   * Parses one message of `deviceId`; answers false (counted, logged) when it is refused. A queued message
   * is acknowledged to `ackTo` (with `messageId`) after the transaction storing it commits.
   */
  accept(deviceId: string, raw: Buffer | string, ackTo: AckSink | null = null, messageId = 0): boolean {
    this.stats.received++;
    let json: unknown;
    try {
      json = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
    } catch {
      return this.refuse(deviceId, 'not JSON');
    }
    const parsed = parseSensorMessage(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.refuse(deviceId, `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`);
    }
    const lane = this.lanes[laneOf(deviceId, this.lanes.length)]!;
    // Kept as one flat object (its payload in JSON): the parsed message dies young (see PreparedReading).
    const reading = prepareReading(deviceId, parsed.data) as QueuedReading;
    reading.ackTo = ackTo;
    reading.messageId = messageId;
    lane.queue.push(reading);
    this.pending++;
    // While the lane is writing, the end of that write starts the next batch: nothing to schedule (a call
    // per message here used to leave one waiter per queued reading, woken after every batch).
    if (lane.flushing) return true;
    if (lane.queue.length >= this.startBatchSize) void this.flushLane(lane);
    else lane.timer ??= setTimeout(() => void this.flushLane(lane), this.maxDelayMs);
    return true;
  }

  /** Whether more messages may come now (room() would resolve at once). */
  hasRoom(): boolean {
    return this.pending < this.maxPending;
  }

  /** Resolves when there is room for more messages (immediately unless the database is behind). */
  room(): Promise<void> {
    if (this.pending < this.maxPending) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Writes everything queued so far. */
  async flush(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => this.flushLane(lane)));
  }

  /** Stops the timers after writing what is queued (a shutdown keeps every acknowledged reading). */
  async close(): Promise<void> {
    for (let attempt = 0; this.pending > 0 && attempt < 5; attempt++) await this.flush();
    this.closed = true;
    for (const lane of this.lanes) if (lane.timer) clearTimeout(lane.timer);
  }

  private async flushLane(lane: Lane): Promise<void> {
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = null;
    while (lane.flushing) await lane.flushing;
    if (lane.queue.length === 0) return;
    lane.flushing = this.writeQueued(lane).finally(() => {
      lane.flushing = null;
    });
    await lane.flushing;
    // What came in meanwhile has already waited a batch's write: written next at once, as one batch (the
    // batches grow with the rate, and a burst drains without pauses).
    // (Another flush already running continues the same way.)
    if (lane.queue.length > 0 && !this.closed && !lane.flushing) void this.flushLane(lane);
  }

  private refuse(deviceId: string, reason: string): false {
    this.stats.bad++;
    this.log.warn({ deviceId, reason }, `Sensor message from ${deviceId} refused: ${reason}`);
    return false;
  }

  /**
   * Stores a batch and runs it through the alert rules, in the caller's transaction; answers what became of
   * its readings (counted and logged by the caller once the transaction has committed: a transaction run again
   * after a deadlock would otherwise count and log them twice).
   */
  private async storeAndJudge(tx: Db, batch: readonly QueuedReading[]) {
    const { stored, devices } = await storeBatch(tx, batch);
    const known = new Set(devices.map((d) => d.device_id));
    const accepted = batch.filter((r) => known.has(r.deviceId));
    const unknownIds = [...new Set(batch.map((r) => r.deviceId))].filter((id) => !known.has(id));
    await evaluateAlerts(tx, accepted, devices, this.notifier);
    return {
      stored,
      unknownIds,
      unknown: batch.length - accepted.length,
      duplicates: accepted.length - stored,
    };
  }

  private async writeQueued(lane: Lane): Promise<void> {
    const batch = lane.queue.splice(0, this.batchSize);
    this.pending -= batch.length;
    try {
      const result = await withTransaction(this.db, (tx) => this.storeAndJudge(tx, batch));
      this.stats.stored += result.stored;
      this.stats.unknownDevice += result.unknown;
      this.stats.duplicates += result.duplicates;
      for (const id of result.unknownIds)
        this.log.warn({ deviceId: id }, `Sensor messages from unknown or retired device ${id} dropped`);
      acknowledge(batch);
    } catch (err) {
      // Back to the front of the lane, in order; the next flush tries again.
      lane.queue.unshift(...batch);
      this.pending += batch.length;
      this.stats.failedFlushes++;
      this.log.error({ err }, `Storing ${batch.length} sensor readings failed; they stay queued`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 100 * this.stats.failedFlushes)));
    } finally {
      if (this.pending < this.maxPending) for (const wake of this.waiters.splice(0)) wake();
    }
  }
}

/**
 * Acknowledges a committed batch's messages (those of unknown devices and duplicates too: they are settled),
 * one call per connection with its ids in order.
 */
function acknowledge(batch: readonly QueuedReading[]): void {
  let sink: AckSink | null = null;
  let ids: number[] = [];
  const bySink = new Map<AckSink, number[]>();
  for (const r of batch) {
    if (r.ackTo === null) continue;
    if (r.ackTo !== sink) {
      sink = r.ackTo;
      ids = bySink.get(sink) ?? [];
      bySink.set(sink, ids);
    }
    ids.push(r.messageId);
  }
  // The readings are committed whatever happens to an acknowledgement (an unacknowledged message comes again
  // and is stored once), so a failing connection never puts the batch back in the queue.
  for (const [to, messageIds] of bySink) {
    try {
      to.ack(messageIds);
    } catch {
      // The connection is gone; the broker sends these again on the next one.
    }
  }
}
