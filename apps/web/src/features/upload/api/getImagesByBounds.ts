import { endpoints } from '@linewalker/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/**
 * Structures and photos inside the map's view (spec 2 §7 'Structures and images by bounds');
 * `bounds` is 'west,south,east,north' in degrees.
 */
export const getImagesByBounds = (projectId: number, bounds: string, signal?: AbortSignal) =>
  apiRequest(endpoints.upload.imagesByBounds, { query: { projectId, bounds }, signal });

export const imagesByBoundsQueryOptions = (projectId: number, bounds: string) =>
  queryOptions({
    queryKey: queryKeys.uploads.byBounds(projectId, bounds),
    queryFn: ({ signal }) => getImagesByBounds(projectId, bounds, signal),
    // While the next view loads, the photos of the last one stay on the map.
    placeholderData: keepPreviousData,
  });

/** `bounds` null: the map is zoomed out, nothing is asked. */
export const useImagesByBounds = (projectId: number, bounds: string | null) =>
  useQuery({ ...imagesByBoundsQueryOptions(projectId, bounds ?? ''), enabled: bounds !== null });
