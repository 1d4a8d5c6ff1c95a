import { inspectorsOnly, loggedIn, type MatrixRow } from '../matrix.ts';

/** Objects of the own company: customers of another company get 404. */
const ownCompany = (status: number) => ({ ...loggedIn(status), customer_other: 404 });

/** The project Overview (structures page, map, exports) and its flight plans. */
export const overviewRows: Record<string, MatrixRow> = {
  'GET /api/v1/structures': {
    request: (fx) => ({ url: `/api/v1/structures?projectId=${fx.projectId}&lineId[]=${fx.lineId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/structures/overview': {
    request: (fx) => ({ url: `/api/v1/structures/overview?projectId=${fx.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/structures/export': {
    request: (fx) => ({ url: `/api/v1/structures/export?projectId=${fx.projectId}&format=kml` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/wibotic/flightplan/uploadToken': {
    request: (fx) => ({
      url: `/api/v1/wibotic/flightplan/uploadToken?projectId=${fx.projectId}&wibotic_box_id=BOX-1&extension=plan`,
    }),
    expect: inspectorsOnly(200),
    object: {},
  },
  'POST /api/v1/wibotic/flightplan/uploaded': {
    // Only the signer's own upload counts and no caller signed this one (flightPlans.test.ts uploads for real).
    request: (fx) => ({
      url: `/api/v1/wibotic/flightplan/uploaded?projectId=${fx.projectId}&wibotic_box_id=BOX-1`,
      payload: { url: `flight-plans/${fx.projectId}/never-signed.plan`, filename: 'x.plan' },
    }),
    expect: inspectorsOnly(404),
    object: {},
  },
  'GET /api/v1/wibotic/flightplan': {
    request: (fx) => ({ url: `/api/v1/wibotic/flightplan?projectId=${fx.projectId}` }),
    expect: inspectorsOnly(200),
    object: {},
  },
  'GET /api/v1/wibotic/flightplan/:id': {
    request: (fx) => ({ url: `/api/v1/wibotic/flightplan/${fx.flightPlanId}` }),
    expect: inspectorsOnly(200),
    object: {},
  },
};
