import { endpoints } from '@linewalker/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { preloadMapStyle } from '../../../components/map/preloadMapStyle.ts';
import { apiRequest, type DownloadProgress } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { createValueStore } from '../../../lib/valueStore.ts';

/**
 * Crew groups, every structure of the project (as columns) and the personnel not yet in a crew
 * (spec 1 §7 'Crew data'). `onProgress` follows the download, several MB at 50,000 structures.
 */
export async function getAssignment(
  projectId: number,
  signal?: AbortSignal,
  onProgress?: (progress: DownloadProgress) => void,
) {
  const start = performance.now();
  const data = await apiRequest(endpoints.assignment.data, { params: { id: projectId }, signal, onProgress });
  // Read by the performance checks of 50,000-structure projects (request, download and validation).
  performance.measure('assignment:load', { start });
  return data;
}

/**
 * How far each project's download has come, whoever started it (the tab, or the route's prefetch before
 * the tab was there): at most one update per percent (or per 256 kB when the total is unknown), and the last.
 */
const downloads = createValueStore<ReadonlyMap<number, DownloadProgress>>(new Map());

function setDownload(projectId: number, progress: DownloadProgress | null) {
  const next = new Map(downloads.get());
  if (progress) next.set(projectId, progress);
  else next.delete(projectId);
  downloads.set(next);
}

/** Progress reporting for one download of the project's data; the previous download's is forgotten. */
function reportDownload(projectId: number) {
  if (downloads.get().has(projectId)) setDownload(projectId, null);
  let last = -1;
  return (progress: DownloadProgress) => {
    const step = progress.total
      ? Math.floor((progress.loaded * 100) / progress.total)
      : Math.floor(progress.loaded / 262_144);
    if (step === last && progress.loaded !== progress.total) return;
    last = step;
    setDownload(projectId, progress);
  };
}

export const assignmentQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.crews.assignment(projectId),
    queryFn: ({ signal }) => getAssignment(projectId, signal, reportDownload(projectId)),
  });

/** The assignment data (crews, structures, people to add). */
export function useAssignment(projectId: number) {
  return useQuery(assignmentQueryOptions(projectId));
}

/**
 * How far the project's download has come (null before the first byte), read apart from the data so only
 * the progress display re-renders on each step, not the whole tab.
 */
export function useAssignmentDownload(projectId: number): DownloadProgress | null {
  return useSyncExternalStore(
    downloads.subscribe,
    useCallback(() => downloads.get().get(projectId) ?? null, [projectId]),
  );
}

/**
 * What the assignment tab needs first, asked for before the tab is on screen (the project route's
 * prefetch): the structures, and the map's settings with the offline style's shapes when no style is set.
 */
export function prefetchAssignment(queryClient: QueryClient, projectId: number): void {
  void queryClient.prefetchQuery(assignmentQueryOptions(projectId));
  preloadMapStyle(queryClient);
}
