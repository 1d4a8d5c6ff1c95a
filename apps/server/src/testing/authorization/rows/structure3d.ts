import { loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

/** The viewer's 3D view of a structure (check3D, process3D). */
export const structure3dRows: Record<string, MatrixRow> = {
  'GET /api/v1/structures/check3D': {
    request: (fx) => ({ url: `/api/v1/structures/check3D?inspectionId=${fx.inspectionIds[0]}` }),
    expect: { ...loggedIn(200), customer_other: 404 },
    object: {},
  },
  'POST /api/v1/structures/process3D': {
    // Customers are refused by role (403) before the inspection's company is looked at.
    request: (fx) => ({
      url: '/api/v1/structures/process3D',
      payload: { inspectionId: fx.inspectionIds[0] },
    }),
    expect: staffOnly(200),
    object: {},
  },
};
