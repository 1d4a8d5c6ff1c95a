import type { App } from '../app.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { assignmentRoutes } from './assignment/assignment.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { clientConfigRoutes } from './clientConfig/clientConfig.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { inspectionsRoutes } from './inspections/inspections.routes.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { projectsRoutes } from './projects/projects.routes.ts';
import { rolesRoutes } from './roles/roles.routes.ts';
import { structuresRoutes } from './structures/structures.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';

/** Every API module, mounted under /api/v1. A new area adds one line here. */
export async function registerModules(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
  await app.register(rolesRoutes);
  await app.register(adminRoutes);
  await app.register(jobsRoutes);
  await app.register(filesRoutes);
  await app.register(customersRoutes);
  await app.register(uploadsRoutes);
  await app.register(structuresRoutes);
  await app.register(projectsRoutes);
  await app.register(assignmentRoutes);
  await app.register(inspectionsRoutes);
}
