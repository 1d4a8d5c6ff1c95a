import { loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

/**
 * The Delivery page's readers (spec 2 §6): super admins, project managers, users and customers of the
 * project's company; inspectors have no Delivery page; a customer of another company gets 404.
 */
const readers = (status: number) => ({ ...loggedIn(status), inspector: 403, customer_other: 404 });
/** Delivering: the staff who see the page. */
const deliverers = (status: number) => ({ ...staffOnly(status), inspector: 403 });

export const deliveryRows: Record<string, MatrixRow> = {
  'GET /api/v1/structures/archive': {
    request: (fx) => ({ url: `/api/v1/structures/archive?projectId=${fx.projectId}&lineId=${fx.lineId}` }),
    expect: readers(200),
    object: {},
  },
  'GET /api/v1/structures/deliveryCounts/:id': {
    request: (fx) => ({ url: `/api/v1/structures/deliveryCounts/${fx.projectId}` }),
    expect: readers(200),
    object: {},
  },
  'GET /api/v1/structures/getArchivedImages': {
    request: (fx) => ({
      url: `/api/v1/structures/getArchivedImages?structureId=${fx.structureIds[0]}&projectId=${fx.projectId}`,
    }),
    expect: readers(200),
    object: {},
  },
  'POST /api/v1/deliveries': {
    // A select-all of the fixture's line minus its second photo (photos picked by id take the same path
    // through the policy). The first caller delivers; the others repeat the request and get the same package.
    request: (fx) => ({
      url: '/api/v1/deliveries',
      payload: { projectId: fx.projectId, filter: { lineIds: [fx.lineId] }, exclude: [fx.imageIds[1]] },
    }),
    expect: deliverers(200),
    object: {},
  },
  'GET /api/v1/deliveries': {
    request: (fx) => ({ url: `/api/v1/deliveries?projectId=${fx.projectId}` }),
    expect: readers(200),
    object: {},
  },
  'GET /api/v1/deliveries/:id': {
    request: (fx) => ({ url: `/api/v1/deliveries/${fx.deliveryPackageId}` }),
    expect: readers(200),
    object: {},
  },
  'GET /api/v1/deliveries/:id/download': {
    request: (fx) => ({ url: `/api/v1/deliveries/${fx.deliveryPackageId}/download` }),
    expect: readers(302),
    // A redirect is an answer too: a package that does not exist is 404 for the same callers.
    object: { none: readers(404) },
  },
};
