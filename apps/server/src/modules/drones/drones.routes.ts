import { DroneList } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { listDrones } from './drones.service.ts';

const tags = ['Remote flight'];

export async function dronesRoutes(app: App): Promise<void> {
  app.get(
    '/drones',
    {
      config: { access: 'drone.watch' },
      schema: {
        tags,
        summary: 'The drones the caller may watch (the remote flight console’s drone picker)',
        description:
          'Each registered drone with its driver (`simulator` or `mavlink`), company, the project whose ' +
          'structures its simulated camera shows, and its last status. Who: every staff role may watch a ' +
          'drone (status and video); inspectors, project managers and super admins may fly one; only super ' +
          'admins register drones. Customers reach none of it (403).',
        response: { 200: DroneList },
      },
    },
    (req) => listDrones(app.deps, actorOf(req)),
  );
}
