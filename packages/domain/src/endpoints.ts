import { adminEndpoints } from './admin/endpoints.ts';
import { assignmentEndpoints } from './assignment/endpoints.ts';
import { basemapEndpoints } from './basemap/endpoints.ts';
import { bidsEndpoints } from './bids/endpoints.ts';
import { customersEndpoints } from './customers/endpoints.ts';
import { deliveryEndpoints } from './delivery/endpoints.ts';
import { dronesEndpoints } from './drones/endpoints.ts';
import { jobsEndpoints } from './jobs/endpoints.ts';
import { leadsEndpoints } from './leads/endpoints.ts';
import { pilotsEndpoints } from './pilots/endpoints.ts';
import { projectsEndpoints } from './projects/endpoints.ts';
import { structuresEndpoints } from './structures/endpoints.ts';
import { uploadEndpoints } from './upload/endpoints.ts';
import { usersEndpoints } from './users/endpoints.ts';

/**
 * Every API call's contract, by area (the server's modules and the web's features): the server registers
 * its routes from these entries and the web calls them with `apiRequest(endpoint, …)`.
 */
export { ImagesChanged } from './upload/endpoints.ts';

export const endpoints = {
  admin: adminEndpoints,
  assignment: assignmentEndpoints,
  bids: bidsEndpoints,
  customers: customersEndpoints,
  delivery: deliveryEndpoints,
  basemap: basemapEndpoints,
  drones: dronesEndpoints,
  jobs: jobsEndpoints,
  leads: leadsEndpoints,
  pilots: pilotsEndpoints,
  projects: projectsEndpoints,
  structures: structuresEndpoints,
  upload: uploadEndpoints,
  users: usersEndpoints,
};
