import { endpoints } from '@linewalker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** While a build runs, check again this often (ms). */
const PROCESSING_POLL_MS = 1500;

/** GET /structures/check3D: the structure's 3D model and whether one is being built. */
export const useCheck3D = (inspectionId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.viewer.model3d(inspectionId),
    queryFn: ({ signal }) => apiRequest(endpoints.structure3d.check3D, { query: { inspectionId }, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });

/** POST /structures/process3D: queues the build (staff), then follows it through check3D. */
export function useProcess3D(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(endpoints.structure3d.process3D, { body: { inspectionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.viewer.model3d(inspectionId) }),
  });
}
