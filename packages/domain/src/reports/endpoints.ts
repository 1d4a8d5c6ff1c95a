import { z } from 'zod';
import {
  CreateProjectReportBody,
  InspectionReport,
  ProjectReport,
  ProjectReportsQuery,
} from '../api/reports.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The reports calls (the server's reports routes and the web's calls to them). */
export const reportsEndpoints = {
  report: defineEndpoint({
    method: 'GET',
    path: '/inspections/:id/report',
    params: IdParam,
    response: InspectionReport,
  }),
  /** Answers a file or a redirect, not JSON. */
  reportPdf: defineEndpoint({
    method: 'GET',
    path: '/inspections/:id/report.pdf',
    params: IdParam,
    response: z.unknown(),
  }),
  createProjectReport: defineEndpoint({
    method: 'POST',
    path: '/project-reports',
    body: CreateProjectReportBody,
    response: ProjectReport,
  }),
  projectReports: defineEndpoint({
    method: 'GET',
    path: '/project-reports',
    query: ProjectReportsQuery,
    response: z.array(ProjectReport),
  }),
  projectReport: defineEndpoint({
    method: 'GET',
    path: '/project-reports/:id',
    params: IdParam,
    response: ProjectReport,
  }),
  /** Answers a file or a redirect, not JSON. */
  projectReportPdf: defineEndpoint({
    method: 'GET',
    path: '/project-reports/:id/download',
    params: IdParam,
    response: z.unknown(),
  }),
};
