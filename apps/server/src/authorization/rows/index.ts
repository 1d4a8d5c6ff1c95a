import type { MatrixRow } from '../matrix.ts';
import { platformRows } from './platform.ts';

/**
 * The expected status of every API route for every kind of caller, one rows file per area.
 * A route missing here fails the test, so every new route states its rule twice: in its
 * declaration and in this table. A new module adds its rows file here.
 */
export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  ...platformRows,
};
