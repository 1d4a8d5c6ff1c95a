import { loggedIn, type MatrixRow, superAdminOnly } from '../matrix.ts';

/** The self-hosted basemap extract: super admins upload it, every signed-in user's maps read it. */
export const basemapRows: Record<string, MatrixRow> = {
  'POST /api/v1/basemap/extracts/sign': {
    request: () => ({ url: '/api/v1/basemap/extracts/sign' }),
    expect: superAdminOnly(200),
  },
  // No caller signed this upload, so even a super admin is told it does not exist (basemap.test.ts uses one).
  'POST /api/v1/basemap/extracts': {
    request: () => ({ url: '/api/v1/basemap/extracts', payload: { url: 'basemap/not-uploaded.pmtiles' } }),
    expect: superAdminOnly(404),
    noAuditBecause: 'no such upload, so nothing is stored',
  },
  'GET /api/v1/basemap/extracts/current': {
    request: () => ({ url: '/api/v1/basemap/extracts/current' }),
    expect: superAdminOnly(200),
  },
  // The fixture has no extract: nothing to remove (basemap.test.ts removes one).
  'DELETE /api/v1/basemap/extracts/current': {
    request: () => ({ url: '/api/v1/basemap/extracts/current' }),
    expect: superAdminOnly(200),
    noAuditBecause: 'no extract is in use, so nothing changes',
  },
  // The fixture has no extract (basemap.test.ts serves one in ranges to every role).
  'GET /api/v1/basemap/extracts/:id': {
    request: () => ({ url: '/api/v1/basemap/extracts/999999', headers: { range: 'bytes=0-126' } }),
    expect: loggedIn(404),
  },
};
