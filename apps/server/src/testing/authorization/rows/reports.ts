import { loggedIn, type MatrixRow } from '../matrix.ts';

/** Reports are read by everyone who sees the project: staff, and customers of its company (others 404). */
const readers = (status: number) => ({ ...loggedIn(status), customer_other: 404 });

export const reportsRows: Record<string, MatrixRow> = {
  'GET /api/v1/inspections/:id/report': {
    request: (fx) => ({ url: `/api/v1/inspections/${fx.inspectionIds[0]}/report` }),
    expect: readers(200),
    object: {},
  },
  'GET /api/v1/inspections/:id/report.pdf': {
    request: (fx) => ({ url: `/api/v1/inspections/${fx.inspectionIds[0]}/report.pdf` }),
    expect: readers(200),
    object: {},
  },
  'POST /api/v1/project-reports': {
    request: (fx) => ({ url: '/api/v1/project-reports', payload: { projectId: fx.projectId } }),
    expect: readers(200),
    object: {},
  },
  'GET /api/v1/project-reports': {
    request: (fx) => ({ url: `/api/v1/project-reports?projectId=${fx.projectId}` }),
    expect: readers(200),
    object: {},
  },
  'GET /api/v1/project-reports/:id': {
    request: (fx) => ({ url: `/api/v1/project-reports/${fx.projectReportId}` }),
    expect: readers(200),
    object: {},
  },
  'GET /api/v1/project-reports/:id/download': {
    request: (fx) => ({ url: `/api/v1/project-reports/${fx.projectReportId}/download` }),
    expect: readers(302),
    // A redirect is an answer too: a report that does not exist is 404 for the same callers.
    object: { none: readers(404) },
  },
};
