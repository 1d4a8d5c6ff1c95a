import { z } from 'zod';
import {
  CompleteInspectionResponse,
  InspectionCounts,
  InspectionExportQuery,
  InspectionFieldOptions,
  InspectionFilterQuery,
  InspectionListQuery,
  InspectionRow,
} from '../api/inspections.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { CompleteInspectionRequest } from './completion.ts';

/** The inspections calls (the server's inspections routes and the web's calls to them). */
export const inspectionsEndpoints = {
  counts: defineEndpoint({
    method: 'GET',
    path: '/inspections/counts/:id',
    params: IdParam,
    query: InspectionFilterQuery,
    response: z.array(InspectionCounts),
  }),
  exportRows: defineEndpoint({
    method: 'GET',
    path: '/inspections/export',
    query: InspectionExportQuery,
    response: z.array(InspectionRow),
  }),
  fieldOptions: defineEndpoint({
    method: 'GET',
    path: '/inspections/fieldOptions',
    response: z.array(InspectionFieldOptions),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/inspections/:id',
    params: IdParam,
    query: InspectionListQuery,
    response: z.array(InspectionRow),
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/inspections/complete/:id',
    params: IdParam,
    body: CompleteInspectionRequest,
    response: CompleteInspectionResponse,
  }),
};
