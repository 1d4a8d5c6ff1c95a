import { loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

/** Objects of the own company: customers of another company get 404. */
const ownCompany = (status: number) => ({ ...loggedIn(status), customer_other: 404 });
// Each call sets another identifier and other angles, so every 2xx changes the photo (and is audited).
let identifierCalls = 0;
let angleCalls = 0;

/** The viewer's per-photo details: shot identifiers and step-clip angles. */
export const imageInfoRows: Record<string, MatrixRow> = {
  'GET /api/v1/annotations/imageIdentifiers': {
    request: () => ({ url: '/api/v1/annotations/imageIdentifiers' }),
    expect: loggedIn(200),
  },
  'GET /api/v1/annotations/imageToIdentifiers': {
    request: (fx) => ({ url: `/api/v1/annotations/imageToIdentifiers?inspectionId=${fx.inspectionIds[0]}` }),
    expect: ownCompany(200),
    object: {},
  },
  'PUT /api/v1/annotations/updateIdentifier': {
    request: (fx) => ({
      url: `/api/v1/annotations/updateIdentifier?imageId=${fx.imageIds[0]}&identifierId=${(++identifierCalls % 7) + 1}`,
    }),
    expect: staffOnly(200),
    object: {},
  },
  'PUT /api/v1/inspections/images/stepclip/:id': {
    request: (fx) => ({
      url: `/api/v1/inspections/images/stepclip/${fx.stepClipImageId}`,
      payload: { topangleouter: 10 + ++angleCalls, topangle: 9.5, bottomangleouter: -3, bottomangle: -4 },
    }),
    expect: staffOnly(200),
    object: {},
  },
};
