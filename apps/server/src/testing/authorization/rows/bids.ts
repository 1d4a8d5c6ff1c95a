import { addDays, isoDateOf } from '@linewalker/domain';
import { type MatrixFixture, type MatrixRow, staffOnly } from '../matrix.ts';

/** Super admins and project managers; every other caller is refused by role. */
const bidders = (status: number) => ({ ...staffOnly(403), super_admin: status, project_manager: status });

const today = () => isoDateOf(new Date(), 'UTC');

/** A bid naming the fixture's uploaded CSV: no caller signed it, so creators get 400 `kmz_invalid` (bids.test.ts saves real ones). */
const bid = (fx: MatrixFixture) => ({
  bid: { rfp_name: 'Matrix RFP', project_duration: addDays(today(), 10), company_id: fx.companyId },
  project: {
    project_name: 'Matrix Bid Project',
    start_date: today(),
    due_date: addDays(today(), 10),
    num_pilots: 1,
  },
  kmzs: [{ url: fx.existingUpload, name: 'towers.kmz', lineField: 'folder', structureField: 'name' }],
});

export const bidsRows: Record<string, MatrixRow> = {
  'GET /api/v1/bids': { request: () => ({ url: '/api/v1/bids' }), expect: bidders(200) },
  'POST /api/v1/bids': {
    request: (fx) => ({ url: '/api/v1/bids', payload: bid(fx) }),
    expect: bidders(400),
  },
  // The fixture's upload is no caller's KMZ: creators get each file's reasons (bids.test.ts checks real ones).
  'POST /api/v1/bids/kmzCheck': {
    request: (fx) => ({ url: '/api/v1/bids/kmzCheck', payload: { kmzs: bid(fx).kmzs } }),
    expect: bidders(200),
    noAuditBecause: 'it only reads uploaded files',
  },
  'POST /api/v1/bids/kmzSkippedRows': {
    request: (fx) => ({ url: '/api/v1/bids/kmzSkippedRows', payload: { kmzs: bid(fx).kmzs, index: 0 } }),
    expect: bidders(200),
    noAuditBecause: 'it only reads uploaded files',
  },
  // No bid in the fixture: bidders reach the lookup (404), everyone else is refused by role first.
  'POST /api/v1/bids/:id/won': {
    request: () => ({ url: '/api/v1/bids/2147483647/won' }),
    expect: bidders(404),
  },
};
