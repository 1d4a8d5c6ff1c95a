import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getExportRows } from '../api/exportInspections.ts';
import { downloadInspectionCsv } from '../csv/inspectionCsv.ts';
import type { ColumnDef } from '../model/columns.ts';
import { toInspectionView } from '../model/inspectionView.ts';
import type { InspectionListParams } from '../model/listQuery.ts';
import { sortViews } from '../model/sortViews.ts';
import type { WindowSelection } from './useWindowSelection.ts';

/**
 * Export CSV of the selected rows ('UAV CAI Inspection Sheet'): the rows come from the server, a
 * select-all resolved there from the filters, and are written in the table's order.
 */
export function useInspectionExport(
  projectId: number,
  columns: readonly ColumnDef[],
  params: InspectionListParams,
  selection: WindowSelection,
) {
  const mutation = useMutation({
    mutationFn: async () => {
      const rows = await getExportRows(
        projectId,
        selection.kind === 'all'
          ? { kind: 'all', params, except: [...selection.except] }
          : { kind: 'ids', ids: [...selection.ids], sort: params.sort },
      );
      const views = rows.map(toInspectionView);
      // Picked ids come in batches, each in order: one client-side sort puts the batches together.
      return selection.kind === 'ids' && params.sort ? sortViews(views, params.sort) : views;
    },
    onSuccess: (views) => downloadInspectionCsv(columns, views),
  });
  const { mutate } = mutation;
  const run = useCallback(() => mutate(), [mutate]);
  return { run, isPending: mutation.isPending, error: mutation.error };
}
