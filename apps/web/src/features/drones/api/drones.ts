import { type DroneEndpoint, endpoints } from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/drones: the console's drone picker. */
export const useDrones = () =>
  useQuery({
    queryKey: queryKeys.drones.list,
    queryFn: ({ signal }) => apiRequest(endpoints.drones.list, { signal }),
  });

/** Who flies the drone and whether its emergency stop is active; refreshed every few seconds. */
export const useDroneControl = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.drones.control(id ?? 0),
    queryFn: ({ signal }) => apiRequest(endpoints.drones.control, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: 5_000,
  });

/**
 * POST /api/v1/drones/sendCommand/{id} (spec 3 §7): `requestJson` is null, except for `/capture`, which names
 * the project the image goes to.
 */
export const sendDroneCommand = (
  id: number,
  requestId: string,
  endpoint: DroneEndpoint,
  requestJson: { projectId: number } | null = null,
) =>
  apiRequest(endpoints.drones.sendCommand, {
    params: { id },
    body: { requestId, endpoint, requestJson },
  });

export const takeDroneControl = (id: number) => apiRequest(endpoints.drones.takeControl, { params: { id } });
export const releaseDroneControl = (id: number) =>
  apiRequest(endpoints.drones.releaseControl, { params: { id } });
export const setEmergencyStop = (id: number, active: boolean) =>
  apiRequest(endpoints.drones.emergencyStop, { params: { id }, body: { active } });
