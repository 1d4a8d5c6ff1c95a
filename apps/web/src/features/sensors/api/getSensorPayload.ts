import { endpoints, SENSOR_REFRESH_MS } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/structures/sensor_device_payload: the device's latest reading first. */
export const getSensorPayload = (deviceId: string, signal?: AbortSignal) =>
  apiRequest(endpoints.sensors.sensorPayload, { query: { device_id: deviceId }, signal });

/** Polled every 5 seconds while open (spec 3 §4 'Sensor modal'). */
export const useSensorPayload = (deviceId: string | null) =>
  useQuery({
    ...queryOptions({
      queryKey: queryKeys.sensors.payload(deviceId ?? ''),
      queryFn: ({ signal }) => getSensorPayload(deviceId ?? '', signal),
    }),
    enabled: deviceId !== null,
    refetchInterval: SENSOR_REFRESH_MS,
  });
