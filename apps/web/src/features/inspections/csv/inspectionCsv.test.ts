import { BYTE_ORDER_MARK } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { inspectionColumns } from '../model/columns.ts';
import { toInspectionView } from '../model/inspectionView.ts';
import { inspectionRow } from '../testing/inspectionRow.ts';
import { inspectionCsv } from './inspectionCsv.ts';

describe('inspectionCsv', () => {
  it("leaves a pending inspection's Date Reviewed empty and still guards formula-looking text", () => {
    const columns = inspectionColumns('0');
    const pending = toInspectionView(inspectionRow({ notes: '=cmd()' }));
    const lines = inspectionCsv(columns, [pending]).replace(BYTE_ORDER_MARK, '').split('\r\n');
    const header = lines[0]!.split(',');
    const cells = lines[1]!.split(',');
    expect(cells[header.indexOf('Date Reviewed')]).toBe('');
    expect(cells[header.indexOf('Notes')]).toBe("'=cmd()");
    expect(lines[1]).not.toContain("'--");
  });
});
