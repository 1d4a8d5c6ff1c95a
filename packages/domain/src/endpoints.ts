import { adminEndpoints } from './admin/endpoints.ts';
import { jobsEndpoints } from './jobs/endpoints.ts';

/**
 * Every API call's contract, by area (the server's modules and the web's features): the server registers
 * its routes from these entries and the web calls them with `apiRequest(endpoint, …)`.
 */
export const endpoints = {
  admin: adminEndpoints,
  jobs: jobsEndpoints,
};
