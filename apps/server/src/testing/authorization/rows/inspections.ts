import { loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

/** Objects of the own company: customers of another company get 404. */
const ownCompany = (status: number) => ({ ...loggedIn(status), customer_other: 404 });

/** The inspection list, its counts, field options and Complete Inspection. */
export const inspectionsRows: Record<string, MatrixRow> = {
  'GET /api/v1/inspections/counts/:id': {
    request: (fx) => ({ url: `/api/v1/inspections/counts/${fx.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/:id': {
    request: (fx) => ({ url: `/api/v1/inspections/${fx.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/export': {
    // Rows named by id: an id of another company's project answers 404, like its project.
    request: (fx) => ({ url: `/api/v1/inspections/export?ids=${fx.inspectionIds[0]}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/inspections/fieldOptions': {
    request: () => ({ url: '/api/v1/inspections/fieldOptions' }),
    expect: loggedIn(200),
  },
  'POST /api/v1/inspections/complete/:id': {
    // Saving again updates the completion, so every inspecting caller gets 200. Customers are refused by
    // role (403) before the inspection's company is looked at, so customer_other gets 403, not 404.
    request: (fx) => ({
      url: `/api/v1/inspections/complete/${fx.inspectionIds[2]}`,
      payload: {
        data: {
          strType: 'Tangent',
          armType: 'Steel',
          armQty: 1,
          anchorQty: 0,
          guyQty: 0,
          condSleeveQty: 0,
          inspector: 'Matrix Inspector',
        },
      },
    }),
    expect: { ...staffOnly(200), user: 403 },
    object: {},
  },
};
