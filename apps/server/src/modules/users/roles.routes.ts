import { endpoints, type Role } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { listRoles } from './roles.repository.ts';

export async function rolesRoutes(app: App): Promise<void> {
  app.route({
    ...endpointRoute(endpoints.users.roles, { tags: ['Users and login'], summary: 'All roles' }),
    config: { access: 'role.list' },
    handler: async () => {
      const rows = await listRoles(app.deps.database.db);
      return rows.map((r) => ({
        id: r.id,
        role_name: r.roleName as Role['role_name'],
        display_name: r.displayName,
      }));
    },
  });
}
