import { loggedIn, type MatrixFixture, type MatrixRow, staffOnly, superAdminOnly } from '../matrix.ts';

/** Objects of the own company: customers of another company get 404. */
const ownCompany = (status: number) => ({ ...loggedIn(status), customer_other: 404 });
/** Inspecting roles (role id below 4): super admin, project manager, inspector. */
const inspectors = (status: number) => ({ ...staffOnly(status), user: 403 });

/** The fixture's second structure with its own values, so saving it again changes nothing that matters. */
const fixtureStructure = (fx: MatrixFixture) => ({
  lineId: fx.lineId,
  lat: 38.8,
  lon: -97.6 + 0.002,
  structNumName: 'M-2',
});

/**
 * The Upload tab: its reads, the photo actions of its map panel, structure and line editing. State-changing
 * rows run once per caller on the same fixture, so each request is valid again: reassigning the first photo
 * to the structure it is on, rejecting and un-rejecting the second photo, saving a structure with its own
 * values. Creating and removing succeed for the super admin only, once per company.
 */
export const uploadPageRows: Record<string, MatrixRow> = {
  'GET /api/v1/inspections/structures': {
    request: (fx) => ({ url: `/api/v1/inspections/structures?projectId=${fx.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/getStructureWithImages': {
    request: (fx) => ({
      url: `/api/v1/inspections/getStructureWithImages?structureId=${fx.structureIds[0]}&projectId=${fx.projectId}`,
    }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/getUnassignedImages': {
    request: (fx) => ({ url: `/api/v1/inspections/getUnassignedImages?projectId=${fx.projectId}` }),
    expect: staffOnly(200),
    object: {},
  },
  'GET /api/v1/inspections/images/byBounds': {
    request: (fx) => ({
      url: `/api/v1/inspections/images/byBounds?projectId=${fx.projectId}&bounds=-97.62,38.79,-97.58,38.82`,
    }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/uploadStats': {
    request: (fx) => ({ url: `/api/v1/inspections/uploadStats?projectId=${fx.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/images': {
    request: (fx) => ({ url: `/api/v1/inspections/images?projectId=${fx.projectId}&limit=10` }),
    expect: ownCompany(200),
    object: {},
  },
  'PUT /api/v1/inspections/reassignImages': {
    request: (fx) => ({
      url: `/api/v1/inspections/reassignImages?newStructureId=${fx.structureIds[0]}&projectId=${fx.projectId}`,
      payload: { imageIds: [fx.imageIds[0]] },
    }),
    // Staff; customers are refused by role before the project is looked at.
    expect: staffOnly(200),
    object: {},
  },
  'POST /api/v1/inspections/images/reject': {
    request: (fx) => ({
      url: '/api/v1/inspections/images/reject',
      payload: { notes: 'Blurred', imageIds: [fx.imageIds[1]] },
    }),
    expect: inspectors(200),
    object: {},
  },
  'POST /api/v1/inspections/images/unreject/:id': {
    request: (fx) => ({ url: `/api/v1/inspections/images/unreject/${fx.imageIds[1]}` }),
    expect: inspectors(200),
    object: {},
  },
  'POST /api/v1/structures/lines': {
    request: (fx) => ({
      url: '/api/v1/structures/lines',
      payload: { lineName: 'Matrix New Line', projectId: fx.projectId },
    }),
    expect: superAdminOnly(200),
    object: {},
  },
  'POST /api/v1/structures/create': {
    request: (fx) => ({
      url: `/api/v1/structures/create?projectId=${fx.projectId}`,
      payload: { lineId: fx.lineId, lat: 38.81, lon: -97.58, structNumName: 'M-created' },
    }),
    expect: superAdminOnly(200),
    object: {},
  },
  'PUT /api/v1/structures/update': {
    request: (fx) => ({
      url: `/api/v1/structures/update?structureId=${fx.structureIds[1]}&projectId=${fx.projectId}&latLonChanged=false`,
      payload: fixtureStructure(fx),
    }),
    expect: superAdminOnly(200),
    object: {},
  },
  'PUT /api/v1/structures/remove': {
    request: (fx) => ({
      url: `/api/v1/structures/remove?structureId=${fx.spareStructureId}&projectId=${fx.projectId}`,
    }),
    expect: superAdminOnly(200),
    object: {},
  },
};
