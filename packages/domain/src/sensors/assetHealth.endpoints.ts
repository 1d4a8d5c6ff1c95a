import {
  AssetHistory,
  AssetParams,
  AssetSummary,
  DashboardStructuresPage,
  DashboardStructuresQuery,
  DashboardSummaryQuery,
  parseDashboardStructuresPage,
  StructureHealthQuery,
  TransmissionStructure,
} from '../api/assetHealth.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The assetHealth calls (the server's assetHealth routes and the web's calls to them). */
export const assetHealthEndpoints = {
  getSummary: defineEndpoint({
    method: 'GET',
    path: '/dashboard/summary',
    query: DashboardSummaryQuery,
    response: AssetSummary,
  }),
  getStructures: defineEndpoint({
    method: 'GET',
    path: '/dashboard/structures',
    query: DashboardStructuresQuery,
    response: DashboardStructuresPage,
    parse: parseDashboardStructuresPage,
  }),
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/structures/health',
    query: StructureHealthQuery,
    response: TransmissionStructure,
  }),
  getHistory: defineEndpoint({
    method: 'GET',
    path: '/assets/:assetId/history',
    params: AssetParams,
    response: AssetHistory,
  }),
};
