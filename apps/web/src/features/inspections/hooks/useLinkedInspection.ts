import type { InspectionRow } from '@linewalker/domain';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'inspectionId';

/**
 * The inspection to show in the dialog. A link with ?inspectionId= opens that inspection once the list
 * has loaded (spec 1 §2 'Project page frame'); closing the dialog drops the parameter, so a reload or
 * Back does not open it again. (imageId belongs to the inspection viewer of a later issue.)
 */
export function useLinkedInspection(rows: readonly InspectionRow[] | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [openRow, setOpenRow] = useState<InspectionRow | null>(null);
  const linkedId = Number(searchParams.get(PARAM));

  useEffect(() => {
    if (!rows || !Number.isInteger(linkedId) || linkedId <= 0) return;
    const row = rows.find((r) => r.id === linkedId);
    if (row) setOpenRow((current) => current ?? row);
  }, [rows, linkedId]);

  const close = useCallback(() => {
    setOpenRow(null);
    if (searchParams.has(PARAM)) {
      setSearchParams(
        (params) => {
          params.delete(PARAM);
          params.delete('imageId');
          return params;
        },
        { replace: true },
      );
    }
  }, [searchParams, setSearchParams]);

  return { openRow, open: setOpenRow, close };
}
