import { loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

/** Objects of the own company: customers of another company get 404. */
const ownCompany = (status: number) => ({ ...loggedIn(status), customer_other: 404 });
let sequence = 0;

/** The arm (ETT) and flange (ABB) workflows of the inspection viewer, on the fixture's ABB project. */
export const ettRows: Record<string, MatrixRow> = {
  'GET /api/v1/inspections/ett/arms': {
    request: (fx) => ({
      url: `/api/v1/inspections/ett/arms?inspection_id=${fx.ett.inspectionId}&project_id=${fx.ett.projectId}`,
    }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/ett/evaluationCodes': {
    request: (fx) => ({ url: `/api/v1/inspections/ett/evaluationCodes?project_id=${fx.ett.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/ett/knuckleFlats': {
    request: (fx) => ({ url: `/api/v1/inspections/ett/knuckleFlats?project_id=${fx.ett.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'POST /api/v1/inspections/ett/saveArmEdits': {
    request: (fx) => ({
      url: `/api/v1/inspections/ett/saveArmEdits?inspectionId=${fx.ett.inspectionId}`,
      payload: { arm_position_id: 1, classification: 'Original', serial_num: `SN-${++sequence}` },
    }),
    expect: staffOnly(200),
    object: {},
  },
  'POST /api/v1/inspections/ett/updateImageType': {
    request: (fx) => ({
      url: `/api/v1/inspections/ett/updateImageType?image_id=${fx.ett.imageId}`,
      payload: { ett_photo_type_id: 3, knuckle_flat_position_id: (++sequence % 6) + 1 },
    }),
    expect: staffOnly(200),
    object: {},
  },
  'GET /api/v1/inspections/abb/abb-id-types': {
    request: () => ({ url: '/api/v1/inspections/abb/abb-id-types' }),
    expect: loggedIn(200),
  },
  'POST /api/v1/inspections/abb/updateAbbTypes': {
    request: (fx) => ({
      url: '/api/v1/inspections/abb/updateAbbTypes',
      payload: { imageId: fx.ett.imageId, abbTypeIds: [(++sequence % 4) + 1] },
    }),
    expect: staffOnly(200),
    object: {},
  },
};
