import { csvText, downloadText } from '../../../lib/csv.ts';
import type { ColumnDef } from '../model/columns.ts';
import { type InspectionView, NO_DATE } from '../model/inspectionView.ts';

/** The export's title (spec 2 §2), used as its file name. */
export const EXPORT_TITLE = 'UAV CAI Inspection Sheet';

/** A cell the table shows as '--' (no date yet) is empty in the file, not a dash the formula guard quotes. */
const fileCell = (text: string | number): string | number => (text === NO_DATE ? '' : text);

/** The selected rows as the table shows them, in the table's current order. */
export function inspectionCsv(shown: readonly ColumnDef[], views: readonly InspectionView[]): string {
  const columns = shown.filter((c) => !c.screenOnly);
  return csvText(
    columns.map((c) => c.header),
    views.map((v) => columns.map((c) => fileCell(c.text(v)))),
  );
}

export function downloadInspectionCsv(columns: readonly ColumnDef[], views: readonly InspectionView[]): void {
  downloadText(`${EXPORT_TITLE}.csv`, inspectionCsv(columns, views));
}
