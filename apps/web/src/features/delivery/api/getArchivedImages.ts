import { type ArchivedImageOrder, endpoints, type TableOrder } from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export type ImageSortColumn = ArchivedImageOrder;

/** A structure's photos with their delivery state (spec 2 §7 'Archived images'). */
export function useArchivedImages(
  projectId: number,
  structureId: number,
  sort: { orderBy: ImageSortColumn; order: TableOrder },
) {
  return useQuery({
    queryKey: queryKeys.delivery.images(projectId, structureId, `${sort.orderBy}:${sort.order}`),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.delivery.archivedImages, {
        query: { projectId, structureId, orderBy: sort.orderBy, order: sort.order },
        signal,
      }),
  });
}
