import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** Every structure of the project with its photo count (spec 2 §7 'Upload: structures of project'). */
export const getUploadStructures = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.upload.structures, { query: { projectId }, signal });

export const uploadStructuresQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.uploads.structures(projectId),
    queryFn: ({ signal }) => getUploadStructures(projectId, signal),
  });

export const useUploadStructures = (projectId: number, enabled = true) =>
  useQuery({ ...uploadStructuresQueryOptions(projectId), enabled });
