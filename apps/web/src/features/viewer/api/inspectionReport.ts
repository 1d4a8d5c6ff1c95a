import { endpoints } from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /inspections/{id}/report: what 'View Inspection Report' shows. */
export const useInspectionReport = (inspectionId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.viewer.report(inspectionId),
    queryFn: ({ signal }) => apiRequest(endpoints.reports.report, { params: { id: inspectionId }, signal }),
    enabled,
  });

/** The report's PDF: a plain link, so the browser saves the server's attachment (the session cookie goes along). */
export const inspectionReportPdfUrl = (inspectionId: number) =>
  `${API_BASE}/inspections/${inspectionId}/report.pdf`;
