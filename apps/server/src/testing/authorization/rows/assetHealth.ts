import { loggedIn, type MatrixRow } from '../matrix.ts';

/** Asset Health: everyone logged in reads; a customer only its own company's assets (another's 404). */
const ownAssets = { ...loggedIn(200), customer_other: 404 };

export const assetHealthRows: Record<string, MatrixRow> = {
  'GET /api/v1/dashboard/summary': {
    request: (fx) => ({ url: `/api/v1/dashboard/summary?company_id=${fx.companyId}` }),
    expect: loggedIn(200),
  },
  'GET /api/v1/dashboard/structures': {
    request: (fx) => ({ url: `/api/v1/dashboard/structures?company_id=${fx.companyId}&offset=0&limit=50` }),
    expect: loggedIn(200),
  },
  'GET /api/v1/structures/health': {
    request: (fx) => ({ url: `/api/v1/structures/health?structureId=${fx.structureIds[0]}` }),
    expect: ownAssets,
    object: {},
  },
  'GET /api/v1/assets/:assetId/history': {
    request: (fx) => ({ url: `/api/v1/assets/${fx.assetId}/history` }),
    expect: ownAssets,
    object: {},
  },
};
