/** Query keys of this feature in one place, so a save can invalidate exactly what it changed. */
export const inspectionKeys = {
  all: ['inspections'] as const,
  list: (projectId: number) => ['inspections', 'list', projectId] as const,
  counts: (projectId: number) => ['inspections', 'counts', projectId] as const,
  fieldOptions: () => ['inspections', 'fieldOptions'] as const,
};
