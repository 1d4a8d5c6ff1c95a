import { endpoints } from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/drones/{id}/flights: the drone's flights, newest first. */
export const useDroneFlights = (droneId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.drones.flights(droneId),
    queryFn: ({ signal }) => apiRequest(endpoints.drones.flights, { params: { id: droneId }, signal }),
    enabled,
  });

/** GET /api/v1/drones/{id}/flights/{flightId}: one flight's track, events and commands. */
export const useDroneFlight = (droneId: number, flightId: number | null) =>
  useQuery({
    queryKey: queryKeys.drones.flight(droneId, flightId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.drones.flight, { params: { id: droneId, flightId: flightId ?? 0 }, signal }),
    enabled: flightId !== null,
  });
