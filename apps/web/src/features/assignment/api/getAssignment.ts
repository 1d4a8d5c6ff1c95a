import { AssignmentData } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, type DownloadProgress } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

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
  const data = await apiRequest(`/assignment/${projectId}`, { schema: AssignmentData, signal, onProgress });
  // Read by the performance checks of 50,000-structure projects (request, download and validation).
  performance.measure('assignment:load', { start });
  return data;
}

export const assignmentQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.crews.assignment(projectId),
    queryFn: ({ signal }) => getAssignment(projectId, signal),
  });

/** The assignment data, and how far its download has come while it loads. */
export function useAssignment(projectId: number) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const query = useQuery({
    ...assignmentQueryOptions(projectId),
    queryFn: ({ signal }) => getAssignment(projectId, signal, throttled(setProgress)),
  });
  return { ...query, progress };
}

/** Hands on at most one update per percent (or per 256 kB when the total is unknown), and the last one. */
function throttled(report: (progress: DownloadProgress) => void) {
  let last = -1;
  return (progress: DownloadProgress) => {
    const step = progress.total
      ? Math.floor((progress.loaded * 100) / progress.total)
      : Math.floor(progress.loaded / 262_144);
    if (step === last && progress.loaded !== progress.total) return;
    last = step;
    report(progress);
  };
}
