import { addDays, isoDateOf } from '@linewalker/domain';
import { loggedIn, type MatrixFixture, type MatrixRow, staffOnly } from '../matrix.ts';

/** Objects of the own company: customers of another company get 404. */
const ownCompany = (status: number) => ({ ...loggedIn(status), customer_other: 404 });
/** Create, edit and archive: super_admin and project_manager; customers are refused by role first. */
const creators = (status: number) => ({ ...staffOnly(403), super_admin: status, project_manager: status });

let created = 0;
const today = () => isoDateOf(new Date(), 'UTC');

/** The fixture project's own values, so saving it again changes nothing that matters. */
const fixtureProject = (fx: MatrixFixture) => ({
  id: fx.projectId,
  company_id: fx.companyId,
  ptype_id: 1,
  project_name: fx.projectName,
  closest_city: 'Salina',
  start_date: '2026-01-05',
  due_date: '2026-12-20',
  inspection_type: '0',
  structure_assignment_type: 'dueDate',
  num_pilots: 1,
  photo_limit: -1,
  ptier_id: 2,
});

/** Projects, customers, file signing and fields, structure counts and lines. */
export const projectsRows: Record<string, MatrixRow> = {
  'GET /api/v1/projects': { request: () => ({ url: '/api/v1/projects' }), expect: loggedIn(200) },
  'GET /api/v1/projects/:id': {
    request: (fx) => ({ url: `/api/v1/projects/${fx.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'POST /api/v1/projects': {
    // Each call creates its own project (names are unique).
    request: (fx) => ({
      url: '/api/v1/projects',
      payload: {
        ...fixtureProject(fx),
        id: null,
        project_name: `Matrix Created ${++created}`,
        start_date: today(),
        due_date: addDays(today(), 6),
      },
    }),
    expect: creators(200),
    // A company that does not exist is a field problem of the form (400), not a missing object.
    object: { none: creators(400) },
  },
  'PUT /api/v1/projects/upsert': {
    request: (fx) => ({ url: '/api/v1/projects/upsert', payload: fixtureProject(fx) }),
    expect: creators(200),
    object: {},
  },
  // Archive then unarchive (in this order), both idempotent: the fixture project ends unarchived.
  'PUT /api/v1/projects/archive/:id': {
    request: (fx) => ({ url: `/api/v1/projects/archive/${fx.projectId}` }),
    expect: creators(200),
    object: {},
  },
  'PUT /api/v1/projects/unarchive/:id': {
    request: (fx) => ({ url: `/api/v1/projects/unarchive/${fx.projectId}` }),
    expect: creators(200),
    object: {},
  },
  'GET /api/v1/projects/upsert/projectTypes': {
    request: () => ({ url: '/api/v1/projects/upsert/projectTypes' }),
    expect: loggedIn(200),
  },
  'GET /api/v1/projects/tiers': { request: () => ({ url: '/api/v1/projects/tiers' }), expect: loggedIn(200) },
  'GET /api/v1/customers': { request: () => ({ url: '/api/v1/customers' }), expect: staffOnly(200) },
  'GET /api/v1/doc_upload/sign-s3': {
    request: () => ({ url: '/api/v1/doc_upload/sign-s3?extension=csv' }),
    expect: creators(200),
  },
  'POST /api/v1/kmz/getFields': {
    request: (fx) => ({ url: '/api/v1/kmz/getFields', payload: { url: fx.existingUpload } }),
    // Only the user who signed an upload may read it, and no caller here signed the fixture's one
    // (uploads.test.ts reads one's own upload).
    expect: creators(404),
    noAuditBecause: 'it only reads an uploaded file',
  },
  'POST /api/v1/kmz/skippedRows': {
    request: (fx) => ({
      url: '/api/v1/kmz/skippedRows',
      payload: {
        url: fx.existingUpload,
        latField: 'lat',
        lonField: 'lon',
        lineNameField: 'line',
        structNumField: 'num',
      },
    }),
    // As getFields: only the signer reads an upload (projects.importChoices.test.ts reads one's own).
    expect: creators(404),
    noAuditBecause: 'it only reads an uploaded file',
  },
  'GET /api/v1/structures/counts/:id': {
    request: (fx) => ({ url: `/api/v1/structures/counts/${fx.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/structures/lines': {
    request: (fx) => ({ url: `/api/v1/structures/lines?projectId=${fx.projectId}` }),
    expect: ownCompany(200),
    object: {},
  },
  'GET /api/v1/structures/linesByCompany': {
    request: (fx) => ({ url: `/api/v1/structures/linesByCompany?companyId=${fx.companyId}` }),
    expect: staffOnly(200),
    object: {},
  },
};
