import type { MatrixRow } from '../matrix.ts';
import { assignmentRows } from './assignment.ts';
import { inspectionsRows } from './inspections.ts';
import { platformRows } from './platform.ts';
import { projectsRows } from './projects.ts';

/**
 * The expected status of every API route for every kind of caller, one rows file per area.
 * A route missing here fails the test, so every new route states its rule twice: in its
 * declaration and in this table. A new module adds its rows file here.
 */
export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  ...platformRows,
  ...assignmentRows,
  ...inspectionsRows,
  ...projectsRows,
};
