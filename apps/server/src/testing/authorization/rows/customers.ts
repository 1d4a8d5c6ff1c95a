import { leadFormToken } from '../../../modules/customers/leads.service.ts';
import { everyone, type MatrixRow, staffOnly, superAdminOnly } from '../matrix.ts';

/** Super admins and project managers: the Customers page's reads. */
const managers = (status: number) => ({ ...staffOnly(403), super_admin: status, project_manager: status });

let created = 0;

/** Customer companies (super admins save; managers read) and leads (anyone posts; super admins read). */
export const customersRows: Record<string, MatrixRow> = {
  'GET /api/v1/customers/nameInUse/:name': {
    request: () => ({ url: '/api/v1/customers/nameInUse/Matrix%20Own%20Utility' }),
    expect: managers(200),
  },
  'POST /api/v1/customers/': {
    // Each call creates its own customer (names are unique).
    request: () => ({
      url: '/api/v1/customers/',
      payload: { company_name: `Matrix Customer ${++created}`, status: 1, inspection_fields: [] },
    }),
    expect: superAdminOnly(200),
  },
  'PUT /api/v1/customers/': {
    // The company keeps a stable name and stays active, so the other rows are unaffected.
    request: (fx) => ({
      url: '/api/v1/customers/',
      payload: { id: fx.companyId, company_name: `Matrix Company ${fx.companyId}`, status: 1 },
    }),
    expect: superAdminOnly(200),
    object: {},
  },
  'GET /api/v1/leads': { request: () => ({ url: '/api/v1/leads' }), expect: superAdminOnly(200) },
  'GET /api/v1/leads/formToken': {
    request: () => ({ url: '/api/v1/leads/formToken' }),
    expect: everyone(200),
    noAuditBecause: 'a signed token is computed; nothing is stored',
  },
  'POST /api/v1/leads/': {
    // A form shown ten seconds ago.
    request: (fx) => ({
      url: '/api/v1/leads/',
      payload: {
        first_name: 'Matrix',
        last_name: 'Lead',
        company_name: 'Matrix Prospect',
        email: 'lead@example.test',
        form_token: leadFormToken(fx.app.deps.config.jwtSecret, Date.now() - 10_000),
      },
    }),
    expect: everyone(200),
  },
};
