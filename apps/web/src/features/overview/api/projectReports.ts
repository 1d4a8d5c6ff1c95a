import { endpoints, ProjectReport } from '@linewalker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

const _Reports = ProjectReport.array();
/** How often the list is asked again while a report is being built. */
const BUILDING_POLL_MS = 1500;

const inProgress = (r: ProjectReport) => r.status === 'queued' || r.status === 'building';

/** The project's risk reports, newest first, refreshed while one is being built. */
export function useProjectReports(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.projectReports(projectId),
    queryFn: ({ signal }) => apiRequest(endpoints.reports.projectReports, { query: { projectId }, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.some(inProgress) ? BUILDING_POLL_MS : false),
  });
}

/** Starts the build of a new risk report of the project as it is now. */
export function useCreateProjectReport(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(endpoints.reports.createProjectReport, { body: { projectId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.projectReports(projectId) }),
  });
}

/** The download route: it checks the reader's rights, then redirects to a signed link valid for a minute. */
export const projectReportDownloadUrl = (reportId: number) =>
  `${API_BASE}/project-reports/${reportId}/download`;
