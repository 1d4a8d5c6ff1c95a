import { Role } from '@linewalker/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/app.types.ts';
import { listRoles } from './roles.repository.ts';

export async function rolesRoutes(app: App): Promise<void> {
  app.get(
    '/roles',
    {
      config: { access: 'role.list' },
      schema: { tags: ['Users and login'], summary: 'All roles', response: { 200: z.array(Role) } },
    },
    async () => {
      const rows = await listRoles(app.deps.database.db);
      return rows.map((r) => ({
        id: r.id,
        role_name: r.roleName as Role['role_name'],
        display_name: r.displayName,
      }));
    },
  );
}
