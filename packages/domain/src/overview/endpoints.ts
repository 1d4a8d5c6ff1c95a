import { z } from 'zod';
import {
  OverviewFilterQuery,
  OverviewMap,
  StructureExportQuery,
  StructureListQuery,
  StructurePage,
} from '../api/overview.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The overview calls (the server's overview routes and the web's calls to them). */
export const overviewEndpoints = {
  listStructures: defineEndpoint({
    method: 'GET',
    path: '/structures',
    query: StructureListQuery,
    response: StructurePage,
  }),
  overviewMap: defineEndpoint({
    method: 'GET',
    path: '/structures/overview',
    query: OverviewFilterQuery,
    response: OverviewMap,
  }),
  /** Answers a file or a redirect, not JSON. */
  exportStructures: defineEndpoint({
    method: 'GET',
    path: '/structures/export',
    query: StructureExportQuery,
    response: z.unknown(),
  }),
};
