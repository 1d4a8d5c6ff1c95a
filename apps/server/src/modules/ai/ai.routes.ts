import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './ai.service.ts';
import * as upload from './aiUpload.service.ts';

const tags = ['AI models'];
const READ = 'Super admins, project managers and inspectors; users and customers 403.';
const MARKUP = 'Staff who may inspect (super admins, project managers, inspectors); users and customers 403.';
const MANAGE = 'Super admins and project managers; other roles 403.';

/** AI models (spec 3 §2 'AI models', §7 'AI'): models, their training images and markup. */
export async function aiRoutes(app: App): Promise<void> {
  const api = endpoints.ai;
  const deps = app.deps;

  app.route({
    ...endpointRoute(api.models, {
      tags,
      summary: 'Every model with its counts and state (the All Models page)',
      description: `Sorted by class name. imgs_ready_for_training counts images with a patch or marked 'nothing to find here'. ${READ}`,
    }),
    config: { access: 'ai.read' },
    handler: (req) => service.listModels(deps, actorOf(req)),
  });

  app.route({
    ...endpointRoute(api.model, {
      tags,
      summary: 'One model: counts, state, training progress and the newest version’s metrics',
      description: `state, currentstep, totalstepcount, imgs_ready_for_training and latest_version (null before the first training). 404 when there is no such model. ${READ}`,
    }),
    config: { access: 'ai.read' },
    handler: (req) => service.getModel(deps, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.createModel, {
      tags,
      summary: 'Create a model',
      description: `className unique in any case (409 model_name_taken, also for two creations at once), holdback_pct 0–100, description = the notes. Answers model_id. ${MANAGE}`,
    }),
    config: { access: 'ai.manage' },
    handler: (req) => service.createModel(deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.updateModel, {
      tags,
      summary: 'Save a model’s summary (class name, notes, hold back percent, model_class_id)',
      description: `The same rules as creating; answers the model. ${MANAGE}`,
    }),
    config: { access: 'ai.manage' },
    handler: (req) => service.updateModel(deps, actorOf(req), req.params.id, req.body),
  });

  app.route({
    ...endpointRoute(api.imageUploadToken, {
      tags,
      summary: 'Where to upload one training image for the model',
      description: `signedTokenUrl: PUT the bytes there with Content-Type contentType (default image/jpeg) within 15 minutes; then complete with image_uploaded/{id} and imageUrl. ${MARKUP}`,
    }),
    config: { access: 'ai.markup' },
    handler: (req) => upload.uploadToken(deps, actorOf(req), req.params.id, req.query.contentType),
  });

  app.route({
    ...endpointRoute(api.imageUploaded, {
      tags,
      summary: 'Training image upload complete',
      description:
        'imageUrl must be an upload the caller was given for this model (else 404); 409 upload_incomplete before the bytes arrived. The server hashes the stored bytes: another md5 answers 400 md5_mismatch, a file that is not a readable JPEG or PNG or has more than 200 megapixels (the cap on photos) 400 unsupported_file, and the stored file is deleted. An image is stored once: uploaded again (for this model or another) it answers the same image_id. img_width/img_height are read from the file (EXIF orientation applied), not taken from the body. ' +
        MARKUP,
    }),
    config: { access: 'ai.markup' },
    handler: (req) => upload.imageUploaded(deps, actorOf(req), req.params.id, req.body),
  });

  app.route({
    ...endpointRoute(api.modelImages, {
      tags,
      summary: 'The model’s images with their patches',
      description: `In upload order; url is a signed GET of the original (valid 4 hours). marked_up: a patch or 'nothing to find here'. ${READ}`,
    }),
    config: { access: 'ai.read' },
    handler: (req) => service.modelImages(deps, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.createPatch, {
      tags,
      summary: 'Mark up a rectangle (and optional polygon) on one of the model’s images',
      description: `left, top, width, height and polygon points in the image's pixels; a patch reaching outside the image answers 400 patch_outside_image, an image the model does not use 400 image_not_in_model. Clears 'nothing to find here'. Answers the patch id. ${MARKUP}`,
    }),
    config: { access: 'ai.markup' },
    handler: (req) => service.createPatch(deps, actorOf(req), req.params.modelId, req.body),
  });

  app.route({
    ...endpointRoute(api.deletePatch, {
      tags,
      summary: 'Delete a patch',
      description: `Also an AI patch drawn on an inspection photo in the viewer's AI mode (spec 2 §7 'Delete AI patch'; then 404 unless the photo is one the caller may annotate). 404 when there is no such patch (also when deleted already). ${MARKUP}`,
    }),
    config: { access: 'ai.markup' },
    handler: (req) => service.deletePatch(deps, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.markNothingToFind, {
      tags,
      summary: "Mark one of the model's images 'nothing to find here' (a negative example), or unmark it",
      description: `A negative counts as marked up for training. 404 when the model does not use the image. ${MARKUP}`,
    }),
    config: { access: 'ai.markup' },
    handler: (req) =>
      service.setNothingToFind(
        deps,
        actorOf(req),
        req.params.id,
        req.params.imageId,
        req.body.nothing_to_find,
      ),
  });
}
