import { endpoints, SENSOR_REFRESH_MS, type SensorRange } from '@linewalker/domain';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { preloadMapStyle } from '../../../components/map/preloadMapStyle.ts';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/structures/sensor_data: every sensor structure; the selected device's vibrations over `range`. */
export const getSensorData = (deviceId: string | null, range: SensorRange, signal?: AbortSignal) => {
  const query = deviceId ? { range, device_id: deviceId } : { range };
  return apiRequest(endpoints.sensors.sensorData, { query, signal });
};

/**
 * Refreshed silently every 5 seconds (spec 3 §4); the previous answer stays on screen meanwhile. The first
 * answer (no device named) carries the first row's vibrations: it is also that device's answer, so the
 * page's first selection finds it in the cache (fresh for one refresh) instead of asking for the whole
 * list again.
 */
export const sensorDataQueryOptions = (deviceId: string | null, range: SensorRange) =>
  queryOptions({
    queryKey: queryKeys.sensors.data(deviceId, range),
    queryFn: async ({ signal, client }) => {
      const rows = await getSensorData(deviceId, range, signal);
      const first = rows[0]?.common_sense_device_id;
      if (deviceId === null && first) client.setQueryData(queryKeys.sensors.data(first, range), rows);
      return rows;
    },
    staleTime: SENSOR_REFRESH_MS,
    refetchInterval: SENSOR_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useSensorData = (deviceId: string | null, range: SensorRange) =>
  useQuery(sensorDataQueryOptions(deviceId, range));

/** The Date Range the page opens with. */
export const INITIAL_SENSOR_RANGE: SensorRange = '24h';

/**
 * What the page asks for first, started by the route as the navigation begins (while the page's code
 * still loads): the sensors list and the map's settings, font and shapes. The page's query finds the list
 * in the cache or in flight; failures are left to the page.
 */
export function prefetchSensors(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(sensorDataQueryOptions(null, INITIAL_SENSOR_RANGE));
  preloadMapStyle(queryClient);
}
