import { endpoints, INSPECTION_EXPORT_IDS_MAX, InspectionRow } from '@linewalker/domain';
import { apiRequest } from '../../../lib/api.ts';
import { type InspectionListParams, listQuery } from '../model/listQuery.ts';
import type { SortState } from '../model/sortViews.ts';

const _ExportRows = InspectionRow.array();

/** What the export names: rows picked one by one, or everything the filters match minus some. */
export type ExportSelection =
  | { kind: 'ids'; ids: readonly number[]; sort?: SortState | null }
  | { kind: 'all'; params: InspectionListParams; except: readonly number[] };

/**
 * GET /api/v1/inspections/export: the rows of the CSV, in the table's order. Picked ids travel in the
 * query string, at most 1,000 a call; a select-all sends the filters instead and the server resolves them.
 */
export async function getExportRows(projectId: number, selection: ExportSelection): Promise<InspectionRow[]> {
  if (selection.kind === 'all') {
    const { params, except } = selection;
    return apiRequest(endpoints.inspections.exportRows, {
      query: {
        ...listQuery(params),
        projectId,
        exclude: except.length > 0 ? except.join(',') : undefined,
      },
    });
  }
  const rows: InspectionRow[] = [];
  for (let i = 0; i < selection.ids.length; i += INSPECTION_EXPORT_IDS_MAX) {
    const ids = selection.ids.slice(i, i + INSPECTION_EXPORT_IDS_MAX);
    const order = selection.sort ? { sort: selection.sort.column, direction: selection.sort.direction } : {};
    rows.push(
      ...(await apiRequest(endpoints.inspections.exportRows, { query: { ids: ids.join(','), ...order } })),
    );
  }
  return rows;
}
