import type { ProjectListItem } from '@linewalker/domain';

/** While a project's CSV rows are still being written: 'Importing… N%' (whole percent, never 100 early). */
export function importLabel(importing: NonNullable<ProjectListItem['importing']>): string {
  const pct = importing.total > 0 ? Math.min(99, Math.floor((importing.done / importing.total) * 100)) : 0;
  return `Importing… ${pct}%`;
}

/** How often a page showing an import asks again (the server keeps the job's progress). */
export const IMPORT_POLL_MS = 2_000;
