import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { check3D, process3D } from './structure3d.service.ts';

const tags = ['Structures'];

/** The viewer's 3D view of a structure (spec 2 §2 'Map and 3D', spec 3 §7). */
export async function structure3dRoutes(app: App): Promise<void> {
  const api = endpoints.structure3d;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.check3D, {
      tags,
      summary: "Whether the inspection's structure has a 3D model, and the model",
      description:
        "status 'none' (never built), 'processing' (a build is queued or running; the previous model, if " +
        "any, is still given), 'ready' or 'failed' (the last build failed and there is no model). The model " +
        "is in metres east/north/up of the structure's ground position: each placed photo's camera " +
        'position and viewing direction (gimbal yaw and pitch), and a pole/tower proxy of estimated ' +
        'height. stale is true when the photos changed since it was built. 404 for an inspection of ' +
        'another company.',
    }),
    config: { access: 'structure.model3d.read' },
    handler: (req) => check3D(db, actorOf(req), req.query.inspectionId),
  });

  app.route({
    ...endpointRoute(api.process3D, {
      tags,
      summary: "Build the inspection's structure's 3D model in the background",
      description:
        'Queues a build job (follow it with GET /jobs/{id} or check3D). While a build of that structure ' +
        'is queued or running the same job is answered with created false. Staff only.',
    }),
    config: { access: 'structure.model3d.process' },
    handler: (req) => process3D(db, actorOf(req), req.body.inspectionId),
  });
}
