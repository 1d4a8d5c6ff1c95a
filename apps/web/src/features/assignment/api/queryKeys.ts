/**
 * Query keys of the assignment tab. Everything a crew change can alter sits under one prefix per
 * project, so one invalidation after an assignment refreshes the map, table and sidebar.
 */
export const assignmentKeys = {
  all: ['assignment'] as const,
  project: (projectId: number) => ['assignment', projectId] as const,
  data: (projectId: number) => ['assignment', projectId, 'data'] as const,
  lines: (projectId: number) => ['assignment', projectId, 'lines'] as const,
};
