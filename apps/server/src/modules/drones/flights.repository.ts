import {
  DroneFlight,
  DroneFlightCommand,
  type DroneFlightDetail,
  DroneFlightEvent,
  DroneTrackPoint,
} from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { execute, IdRow, queryRows } from '../../platform/db/rows.ts';
import { recordingsBetween } from './recordings.repository.ts';

/** A time as the drivers answer it (node-postgres a Date, PGlite a Date or text); iso() makes it text. */
const At = z.union([z.date(), z.string()]);
const TrackRow = DroneTrackPoint.extend({ at: At });
const EventRow = DroneFlightEvent.extend({ at: At });
const CommandLogRow = DroneFlightCommand.extend({ at: At });

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A flight begins: flights of the drone left open (the process flying it died) end at their last sample,
 * then the new one is logged with its take-off.
 */
export async function startFlight(
  db: Db,
  droneId: number,
  pilotId: number | null,
  at: Date,
  where: { lat: number; lon: number },
): Promise<number> {
  await execute(
    db,
    sql`update drone_flights f set ended_at = coalesce(
          (select max(p.at) from drone_flight_points p where p.flight_id = f.id), f.started_at)
        where f.drone_id = ${droneId} and f.ended_at is null`,
  );
  const [row] = await queryRows(
    db,
    sql`insert into drone_flights (drone_id, pilot_id, started_at)
        values (${droneId}, ${pilotId}, ${at.toISOString()}::timestamptz) returning id`,
    IdRow,
  );
  await addFlightEvent(db, row!.id, at, 'takeoff', where);
  return row!.id;
}

export interface TrackSample {
  at: Date;
  lat: number;
  lon: number;
  altitude: number;
  heading: number;
  speed: number;
  batteryPercent: number;
}

export async function addTrackPoint(db: Db, flightId: number, p: TrackSample): Promise<void> {
  await execute(
    db,
    sql`insert into drone_flight_points (flight_id, at, lat, lon, altitude, heading, speed, battery_percent)
        values (${flightId}, ${p.at.toISOString()}::timestamptz, ${p.lat}, ${p.lon}, ${p.altitude},
          ${p.heading}, ${p.speed}, ${p.batteryPercent})`,
  );
}

export async function addFlightEvent(
  db: Db,
  flightId: number,
  at: Date,
  kind: string,
  where: { lat: number; lon: number } | null,
): Promise<void> {
  await execute(
    db,
    sql`insert into drone_flight_events (flight_id, at, kind, lat, lon)
        values (${flightId}, ${at.toISOString()}::timestamptz, ${kind}, ${where?.lat ?? null}, ${where?.lon ?? null})`,
  );
}

export async function endFlight(db: Db, flightId: number, at: Date): Promise<void> {
  await execute(
    db,
    sql`update drone_flights set ended_at = ${at.toISOString()}::timestamptz
        where id = ${flightId} and ended_at is null`,
  );
}

const FlightRow = DroneFlight.omit({ started_at: true, ended_at: true }).extend({
  started_at: At,
  ended_at: At.nullable(),
});
type FlightRow = z.infer<typeof FlightRow>;

/** The commands of a flight: those the drone got between its take-off and its landing (or now). */
const inFlight = sql`c.drone_id = f.drone_id and c.created_at >= f.started_at
  and c.created_at <= coalesce(f.ended_at, now())`;

const flightColumns = sql`f.id, f.drone_id, u.first_name || ' ' || u.last_name as pilot_name,
  f.started_at, f.ended_at,
  (select count(*)::int from drone_flight_points p where p.flight_id = f.id) as points,
  (select count(*)::int from drone_commands c where ${inFlight}) as commands,
  (select count(*)::int from drone_commands c where ${inFlight} and c.endpoint = '/capture'
     and c.result ->> 'imageId' is not null) as captures`;

const toFlight = (r: FlightRow): DroneFlight => ({
  ...r,
  started_at: iso(r.started_at)!,
  ended_at: iso(r.ended_at),
});

/** A drone's flights, newest first. */
export async function listFlights(db: Db, droneId: number): Promise<DroneFlight[]> {
  const rows = await queryRows(
    db,
    sql`select ${flightColumns} from drone_flights f left join users u on u.id = f.pilot_id
        where f.drone_id = ${droneId} order by f.started_at desc, f.id desc limit 200`,
    FlightRow,
  );
  return rows.map(toFlight);
}

/** One flight of the drone with its track, events and commands; null when it is not the drone's. */
export async function flightDetail(
  db: Db,
  droneId: number,
  flightId: number,
): Promise<DroneFlightDetail | null> {
  const [flight] = await queryRows(
    db,
    sql`select ${flightColumns} from drone_flights f left join users u on u.id = f.pilot_id
        where f.id = ${flightId} and f.drone_id = ${droneId}`,
    FlightRow,
  );
  if (!flight) return null;
  const track = await queryRows(
    db,
    sql`select at, lat, lon, altitude, heading, speed, battery_percent from drone_flight_points
        where flight_id = ${flightId} order by at, id`,
    TrackRow,
  );
  const events = await queryRows(
    db,
    sql`select at, kind, lat, lon from drone_flight_events where flight_id = ${flightId} order by at, id`,
    EventRow,
  );
  const commands = await queryRows(
    db,
    sql`select c.created_at as at, c.endpoint, c.result ->> 'result' as result,
          u.first_name || ' ' || u.last_name as sent_by_name, (c.result ->> 'imageId')::int as image_id
        from drone_flights f
        join drone_commands c on ${inFlight}
        left join users u on u.id = c.sent_by
        where f.id = ${flightId} order by c.created_at, c.id limit 5000`,
    CommandLogRow,
  );
  const base = toFlight(flight);
  return {
    ...base,
    recordings: await recordingsBetween(db, droneId, base.started_at, base.ended_at),
    track: track.map((p) => ({ ...p, at: iso(p.at)! })),
    events: events.map((e) => ({ ...e, at: iso(e.at)! })),
    command_log: commands.map((c) => ({ ...c, at: iso(c.at)! })),
  };
}
