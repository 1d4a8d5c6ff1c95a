import type { DroneAlert, DroneStatus } from '@linewalker/domain';
import type { Db } from '../../platform/db/client.ts';
import { addFlightEvent, addTrackPoint, endFlight, startFlight } from './flights.repository.ts';

/** One track sample a second. */
const SAMPLE_MS = 1_000;

/**
 * Logs a drone's flights from its status stream, in the process holding its vehicle link: a flight from
 * take-off to landing, a track sample a second, and each failsafe raised and cleared. Writes run one after
 * another in status order; a failed write is reported and the log goes on.
 */
export class FlightRecorder {
  private flying = false;
  private flightId: number | null = null;
  private lastSample = 0;
  private alerts = new Set<DroneAlert>();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly droneId: number,
    private readonly pilotId: () => number | null,
    private readonly onError: (err: unknown, what: string) => void,
  ) {}

  onStatus(s: DroneStatus): void {
    const at = new Date(s.at);
    const where = { lat: s.location.lat, lon: s.location.lon };
    if (s.airborne && !this.flying) {
      this.flying = true;
      this.alerts = new Set();
      this.lastSample = 0;
      const pilot = this.pilotId();
      this.write(async () => {
        this.flightId = await startFlight(this.db, this.droneId, pilot, at, where);
      });
    }
    if (!this.flying) return;
    for (const alert of s.alerts) if (!this.alerts.has(alert)) this.event(at, alert, where);
    for (const alert of this.alerts) if (!s.alerts.includes(alert)) this.event(at, `${alert}Cleared`, where);
    this.alerts = new Set(s.alerts);
    if (s.at - this.lastSample >= SAMPLE_MS || !s.airborne) {
      this.lastSample = s.at;
      const sample = {
        at,
        lat: s.location.lat,
        lon: s.location.lon,
        altitude: s.altitude,
        heading: s.heading,
        speed: s.speed,
        batteryPercent: s.batteryPercent,
      };
      this.write(async (flightId) => addTrackPoint(this.db, flightId!, sample), true);
    }
    if (!s.airborne) this.finish(at, 'landed', where);
  }

  /** The link closes: a flight still in the air ends here (the vehicle is no longer heard). */
  close(): Promise<void> {
    if (this.flying) this.finish(new Date(), 'linkClosed', null);
    return this.writes;
  }

  private finish(at: Date, kind: string, where: { lat: number; lon: number } | null): void {
    this.flying = false;
    this.event(at, kind, where);
    this.write(async (flightId) => {
      await endFlight(this.db, flightId!, at);
      this.flightId = null;
    }, true);
  }

  private event(at: Date, kind: string, where: { lat: number; lon: number } | null): void {
    this.write(async (flightId) => addFlightEvent(this.db, flightId!, at, kind, where), true);
  }

  /** Queues a write; `needsFlight` writes are skipped when the flight could not be started. */
  private write(work: (flightId: number | null) => Promise<void>, needsFlight = false): void {
    this.writes = this.writes.then(async () => {
      if (needsFlight && this.flightId === null) return;
      try {
        await work(this.flightId);
      } catch (err) {
        this.onError(err, 'drone flight log');
      }
    });
  }
}
