import { Check3DQuery, Check3DResponse, Process3DBody, Process3DResponse } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { check3D, process3D } from './structure3d.service.ts';

const tags = ['Structures'];

/** The viewer's 3D view of a structure (spec 2 §2 'Map and 3D', spec 3 §7). */
export async function structure3dRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.get(
    '/structures/check3D',
    {
      config: { access: 'structure.model3d.read' },
      schema: {
        tags,
        summary: "Whether the inspection's structure has a 3D model, and the model",
        description:
          "status 'none' (never built), 'processing' (a build is queued or running; the previous model, if " +
          "any, is still given), 'ready' or 'failed' (the last build failed and there is no model). The model " +
          "is in metres east/north/up of the structure's ground position: each placed photo's camera " +
          'position and viewing direction (gimbal yaw and pitch), and a pole/tower proxy of estimated ' +
          'height. stale is true when the photos changed since it was built. 404 for an inspection of ' +
          'another company.',
        querystring: Check3DQuery,
        response: { 200: Check3DResponse },
      },
    },
    (req) => check3D(db, actorOf(req), req.query.inspectionId),
  );

  app.post(
    '/structures/process3D',
    {
      config: { access: 'structure.model3d.process' },
      schema: {
        tags,
        summary: "Build the inspection's structure's 3D model in the background",
        description:
          'Queues a build job (follow it with GET /jobs/{id} or check3D). While a build of that structure ' +
          'is queued or running the same job is answered with created false. Staff only.',
        body: Process3DBody,
        response: { 200: Process3DResponse },
      },
    },
    (req) => process3D(db, actorOf(req), req.body.inspectionId),
  );
}
