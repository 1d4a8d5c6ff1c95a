import type { MatrixRow } from '../matrix.ts';
import { aiRows } from './ai.ts';
import { assetHealthRows } from './assetHealth.ts';
import { assignmentRows } from './assignment.ts';
import { basemapRows } from './basemap.ts';
import { bidsRows } from './bids.ts';
import { customersRows } from './customers.ts';
import { deliveryRows } from './delivery.ts';
import { dronesRows } from './drones.ts';
import { ettRows } from './ett.ts';
import { imageInfoRows } from './imageInfo.ts';
import { imagesRows } from './images.ts';
import { inspectionsRows } from './inspections.ts';
import { ordersRows } from './orders.ts';
import { overviewRows } from './overview.ts';
import { pilotsRows } from './pilots.ts';
import { platformRows } from './platform.ts';
import { projectsRows } from './projects.ts';
import { reportsRows } from './reports.ts';
import { reviewRows } from './review.ts';
import { sensorsRows } from './sensors.ts';
import { structure3dRows } from './structure3d.ts';
import { uploadPageRows } from './uploadPage.ts';
import { usersRows } from './users.ts';

/**
 * The expected status of every API route for every kind of caller, one rows file per area.
 * A route missing here fails the test, so every new route states its rule twice: in its
 * declaration and in this table. A new module adds its rows file here.
 */
export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  ...platformRows,
  ...assignmentRows,
  ...inspectionsRows,
  ...imagesRows,
  ...projectsRows,
  ...uploadPageRows,
  ...customersRows,
  ...usersRows,
  ...deliveryRows,
  ...reviewRows,
  ...imageInfoRows,
  ...ettRows,
  ...overviewRows,
  ...pilotsRows,
  ...bidsRows,
  ...dronesRows,
  ...reportsRows,
  ...structure3dRows,
  ...basemapRows,
  ...aiRows,
  ...sensorsRows,
  ...ordersRows,
  ...assetHealthRows,
};
