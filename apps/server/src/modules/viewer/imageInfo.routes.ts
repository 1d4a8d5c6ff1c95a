import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './imageInfo.service.ts';

const tags = ['Inspection viewer'];
const visibility = 'Another company’s photo, or none: 404.';

/**
 * What the viewer records per photo besides annotations: the shot identifier (spec 2 §3 'Image shot
 * identifier', §6; paths of spec 3 §7) and the step-clip angles of component-level projects (spec 2 §2).
 */
export async function imageInfoRoutes(app: App): Promise<void> {
  const api = endpoints.imageInfo;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.getImageIdentifiers, {
      tags,
      summary: 'The shot identifiers',
      description: 'Which view of a structure a photo shows (anno_img_id, anno_img_name), by id.',
    }),
    config: { access: 'authenticated' },
    handler: () => service.imageIdentifiers(db),
  });

  app.route({
    ...endpointRoute(api.getImageToIdentifiers, {
      tags,
      summary: 'The shot identifiers of photos',
      description:
        'One entry per photo of the inspection’s structure that has an identifier (the others have -1, none). ' +
        'Without inspectionId (the spec’s call has no payload), every photo the caller may see. Customers see ' +
        'only their company’s accepted photos (another company’s inspection, or none: 404).',
    }),
    config: { access: 'inspection.read' },
    handler: (req) => service.imageToIdentifiers(db, actorOf(req), req.query.inspectionId),
  });

  app.route({
    ...endpointRoute(api.putUpdateIdentifier, {
      tags,
      summary: 'Choose the shot identifier of a photo',
      description:
        'identifierId: one of imageIdentifiers (400 shot_identifier_invalid otherwise), or -1 to take it away. ' +
        `Staff only. ${visibility}`,
    }),
    config: { access: 'image.identify' },
    handler: (req) => service.updateIdentifier(db, actorOf(req), req.query.imageId, req.query.identifierId),
  });

  app.route({
    ...endpointRoute(api.putStepclipById, {
      tags,
      summary: 'Save the step-clip angles of a photo',
      description:
        'The step-clip AI info panel’s Save: topangleouter, topangle, bottomangleouter and bottomangle, all ' +
        'four, numbers in degrees within ±360. Photos of component-level projects (inspection_type 1) only ' +
        `(400 step_clip_not_applicable). Staff only. ${visibility}`,
    }),
    config: { access: 'image.stepclip' },
    handler: (req) => service.saveStepClip(db, actorOf(req), req.params.id, req.body),
  });
}
