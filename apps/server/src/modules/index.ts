import type { App } from '../app.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { clientConfigRoutes } from './clientConfig/clientConfig.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { rolesRoutes } from './roles/roles.routes.ts';

/** Every API module, mounted under /api/v1. A new area adds one line here. */
export async function registerModules(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
  await app.register(rolesRoutes);
  await app.register(adminRoutes);
  await app.register(filesRoutes);
}
