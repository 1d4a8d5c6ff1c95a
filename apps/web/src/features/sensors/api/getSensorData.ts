import { endpoints, SENSOR_REFRESH_MS, type SensorRange } from '@linewalker/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/structures/sensor_data: every sensor structure; the selected device's vibrations over `range`. */
export const getSensorData = (deviceId: string | null, range: SensorRange, signal?: AbortSignal) => {
  const query = deviceId ? { range, device_id: deviceId } : { range };
  return apiRequest(endpoints.sensors.sensorData, { query, signal });
};

/** Refreshed silently every 5 seconds (spec 3 §4); the previous answer stays on screen meanwhile. */
export const sensorDataQueryOptions = (deviceId: string | null, range: SensorRange) =>
  queryOptions({
    queryKey: queryKeys.sensors.data(deviceId, range),
    queryFn: ({ signal }) => getSensorData(deviceId, range, signal),
    refetchInterval: SENSOR_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useSensorData = (deviceId: string | null, range: SensorRange) =>
  useQuery(sensorDataQueryOptions(deviceId, range));
