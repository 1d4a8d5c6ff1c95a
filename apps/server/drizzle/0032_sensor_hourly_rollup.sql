ALTER TABLE "sensor_readings_hourly" ADD COLUMN "vibration_first_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sensor_readings_hourly" ADD COLUMN "vibration_last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sensor_readings_hourly" ADD COLUMN "tilt_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hours folded by the retention job before this migration: their mean tilt was over all their readings.
UPDATE "sensor_readings_hourly" SET "tilt_readings" = "readings" WHERE "tilt_x" IS NOT NULL;--> statement-breakpoint
-- Backfill: every raw reading into the rollup (what sensorRollup.ts rollupInsert does), merged with the
-- hours already folded (a reading stored late into a folded hour is still raw and counts once).
insert into sensor_readings_hourly as h (device_id, hour, readings, vibration_x_min, vibration_x_max,
      vibration_y_min, vibration_y_max, vibration_z_min, vibration_z_max, vibration_first_at, vibration_last_at,
      tilt_readings, tilt_x, tilt_y, tilt_z)
    select r.device_id, date_bin('1 hour', r.payload_time, '2000-01-01T00:00:00Z'::timestamptz), count(*)::int,
      min(v.x0), max(v.x1), min(v.y0), max(v.y1), min(v.z0), max(v.z1),
      min(r.payload_time) filter (where v.n > 0), max(r.payload_time) filter (where v.n > 0),
      count(r.payload->'tilt'->-1->>'x')::int, avg((r.payload->'tilt'->-1->>'x')::float8),
      avg((r.payload->'tilt'->-1->>'y')::float8), avg((r.payload->'tilt'->-1->>'z')::float8)
    from sensor_readings r
    cross join lateral (
      select count(*) as n, min((e->>'x')::float8) as x0, max((e->>'x')::float8) as x1,
        min((e->>'y')::float8) as y0, max((e->>'y')::float8) as y1,
        min((e->>'z')::float8) as z0, max((e->>'z')::float8) as z1
      from jsonb_array_elements(case when jsonb_typeof(r.payload->'vibration') = 'array'
                                     then r.payload->'vibration' else '[]'::jsonb end) e) v
    group by 1, 2
    on conflict (device_id, hour) do update set
      readings = h.readings + excluded.readings,
      vibration_x_min = least(h.vibration_x_min, excluded.vibration_x_min),
      vibration_x_max = greatest(h.vibration_x_max, excluded.vibration_x_max),
      vibration_y_min = least(h.vibration_y_min, excluded.vibration_y_min),
      vibration_y_max = greatest(h.vibration_y_max, excluded.vibration_y_max),
      vibration_z_min = least(h.vibration_z_min, excluded.vibration_z_min),
      vibration_z_max = greatest(h.vibration_z_max, excluded.vibration_z_max),
      vibration_first_at = least(h.vibration_first_at, excluded.vibration_first_at),
      vibration_last_at = greatest(h.vibration_last_at, excluded.vibration_last_at),
      tilt_readings = h.tilt_readings + excluded.tilt_readings,
      tilt_x = (coalesce(h.tilt_x * h.tilt_readings, 0) + coalesce(excluded.tilt_x * excluded.tilt_readings, 0))
        / nullif(h.tilt_readings + excluded.tilt_readings, 0),
      tilt_y = (coalesce(h.tilt_y * h.tilt_readings, 0) + coalesce(excluded.tilt_y * excluded.tilt_readings, 0))
        / nullif(h.tilt_readings + excluded.tilt_readings, 0),
      tilt_z = (coalesce(h.tilt_z * h.tilt_readings, 0) + coalesce(excluded.tilt_z * excluded.tilt_readings, 0))
        / nullif(h.tilt_readings + excluded.tilt_readings, 0);
