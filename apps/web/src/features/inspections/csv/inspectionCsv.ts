import { csvText, downloadText } from '../../../lib/csv.ts';
import type { ColumnDef } from '../model/columns.ts';
import type { InspectionView } from '../model/inspectionView.ts';

/** The export's title (spec 2 §2), used as its file name. */
export const EXPORT_TITLE = 'UAV CAI Inspection Sheet';

/** The selected rows as the table shows them, in the table's current order. */
export function inspectionCsv(columns: readonly ColumnDef[], views: readonly InspectionView[]): string {
  return csvText(
    columns.map((c) => c.header),
    views.map((v) => columns.map((c) => c.text(v))),
  );
}

export function downloadInspectionCsv(columns: readonly ColumnDef[], views: readonly InspectionView[]): void {
  downloadText(`${EXPORT_TITLE}.csv`, inspectionCsv(columns, views));
}
