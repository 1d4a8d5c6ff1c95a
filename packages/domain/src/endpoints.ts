import { adminEndpoints } from './admin/endpoints.ts';
import { aiEndpoints } from './ai/endpoints.ts';
import { aiMarkupsEndpoints } from './ai/markups.endpoints.ts';
import { aiTrainingEndpoints } from './ai/training.endpoints.ts';
import { assignmentEndpoints } from './assignment/endpoints.ts';
import { clientConfigEndpoints } from './auth/clientConfig.endpoints.ts';
import { authEndpoints } from './auth/endpoints.ts';
import { healthEndpoints } from './auth/health.endpoints.ts';
import { basemapEndpoints } from './basemap/endpoints.ts';
import { basemapMoreEndpoints } from './basemap/more.endpoints.ts';
import { bidsEndpoints } from './bids/endpoints.ts';
import { customersEndpoints } from './customers/endpoints.ts';
import { deliveryEndpoints } from './delivery/endpoints.ts';
import { dronesEndpoints } from './drones/endpoints.ts';
import { dronesMoreEndpoints } from './drones/more.endpoints.ts';
import { ettEndpoints } from './ett/endpoints.ts';
import { inspectionsEndpoints } from './inspections/endpoints.ts';
import { jobsEndpoints } from './jobs/endpoints.ts';
import { leadsEndpoints } from './leads/endpoints.ts';
import { ordersEndpoints } from './orders/endpoints.ts';
import { orderWebhookEndpoints } from './orders/webhook.endpoints.ts';
import { overviewEndpoints } from './overview/endpoints.ts';
import { flightPlansEndpoints } from './overview/flightPlans.endpoints.ts';
import { pilotsEndpoints } from './pilots/endpoints.ts';
import { projectsEndpoints } from './projects/endpoints.ts';
import { reportsEndpoints } from './reports/endpoints.ts';
import { alertsEndpoints } from './sensors/alerts.endpoints.ts';
import { assetHealthEndpoints } from './sensors/assetHealth.endpoints.ts';
import { sensorsEndpoints } from './sensors/endpoints.ts';
import { structure3dEndpoints } from './structure3d/endpoints.ts';
import { structuresEndpoints } from './structures/endpoints.ts';
import { uploadEndpoints } from './upload/endpoints.ts';
import { uploadImagesEndpoints } from './upload/images.endpoints.ts';
import { photoIngestEndpoints } from './upload/photoIngest.endpoints.ts';
import { sourceFilesEndpoints } from './uploads/sourceFiles.endpoints.ts';
import { usersEndpoints } from './users/endpoints.ts';
import { annotationsEndpoints } from './viewer/annotations.endpoints.ts';
import { viewerEndpoints } from './viewer/endpoints.ts';
import { imageInfoEndpoints } from './viewer/imageInfo.endpoints.ts';

/**
 * Every API call's contract, by area (the server's modules and the web's features): the server registers
 * its routes from these entries and the web calls them with `apiRequest(endpoint, …)`.
 */
export { Health } from './auth/health.endpoints.ts';
export { ImagesChanged } from './upload/endpoints.ts';

export const endpoints = {
  dronesMore: dronesMoreEndpoints,
  alerts: alertsEndpoints,
  sensors: sensorsEndpoints,
  orderWebhook: orderWebhookEndpoints,
  orders: ordersEndpoints,
  assetHealth: assetHealthEndpoints,
  aiTraining: aiTrainingEndpoints,
  aiMarkups: aiMarkupsEndpoints,
  ai: aiEndpoints,
  basemapMore: basemapMoreEndpoints,
  health: healthEndpoints,
  clientConfig: clientConfigEndpoints,
  auth: authEndpoints,
  sourceFiles: sourceFilesEndpoints,
  photoIngest: photoIngestEndpoints,
  uploadImages: uploadImagesEndpoints,
  inspections: inspectionsEndpoints,
  structure3d: structure3dEndpoints,
  reports: reportsEndpoints,
  imageInfo: imageInfoEndpoints,
  ett: ettEndpoints,
  annotations: annotationsEndpoints,
  viewer: viewerEndpoints,
  flightPlans: flightPlansEndpoints,
  overview: overviewEndpoints,
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
