import { adminEndpoints } from './admin/endpoints.ts';
import { basemapEndpoints } from './basemap/endpoints.ts';
import { dronesEndpoints } from './drones/endpoints.ts';
import { jobsEndpoints } from './jobs/endpoints.ts';
import { structuresEndpoints } from './structures/endpoints.ts';
import { uploadEndpoints } from './upload/endpoints.ts';

/**
 * Every API call's contract, by area (the server's modules and the web's features): the server registers
 * its routes from these entries and the web calls them with `apiRequest(endpoint, …)`.
 */
export { ImagesChanged } from './upload/endpoints.ts';

export const endpoints = {
  admin: adminEndpoints,
  basemap: basemapEndpoints,
  drones: dronesEndpoints,
  jobs: jobsEndpoints,
  structures: structuresEndpoints,
  upload: uploadEndpoints,
};
