import { endpoints, ok } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { createPhotoPatch } from '../ai/photoPatches.service.ts';
import * as service from './annotations.service.ts';

const tags = ['Annotations'];
const visibility = 'Another company’s photo, or none: 404.';

/** Annotations, their components and deficiencies, and image notes (spec 2 §3, §5; paths of spec 3 §7). */
export async function annotationsRoutes(app: App): Promise<void> {
  const api = endpoints.annotations;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.imageAnnotations, {
      tags,
      summary: 'The annotations of a photo',
      description:
        'By number; rectangles and polygons in the pixels of the original photo, with the size drawn on. ' +
        `AI markups are left out. ${visibility}`,
    }),
    config: { access: 'image.read' },
    handler: (req) => service.annotationsOfImage(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.create, {
      tags,
      summary: 'Annotate a photo',
      description:
        'A rectangle (x, y, width, height) or a polygon (more than 2 points [x, y]) in the pixels of the ' +
        'original, inside image_width × image_height; category (the component) required; sub_category, when ' +
        'given, one of its deficiencies (400 category_mismatch); risk_level 2–5 (default 2); text the note ' +
        '(at most 500). Numbered after the photo’s others; raises the inspection’s risk. Inspecting roles only. ' +
        'AI mode (Insert AI patch): with model_id the shape needs no component and is saved as a training ' +
        'patch of that model on the photo (404 when there is no such model; 400 patch_outside_image when it ' +
        'leaves the photo’s pixels); the answer then carries `patch` instead of `annotation`, and ' +
        'POST /ai/deletePatch/{id} deletes it. ' +
        visibility,
    }),
    config: { access: 'annotation.create' },
    handler: async (req) =>
      req.body.model_id != null
        ? { ...ok, patch: await createPhotoPatch(db, actorOf(req), req.body) }
        : { ...ok, annotation: await service.createAnnotation(db, actorOf(req), req.body) },
  });

  app.route({
    ...endpointRoute(api.deleteAnnotation, {
      tags,
      summary: 'Delete an annotation',
      description:
        'Lowers the inspection’s risk to the highest one left. 404 when it does not exist (or was deleted ' +
        'already). Inspecting roles only.',
    }),
    config: { access: 'annotation.delete' },
    handler: async (req) => {
      await service.deleteAnnotation(db, actorOf(req), req.params.id);
      return ok;
    },
  });

  app.route({
    ...endpointRoute(api.getCategories, {
      tags,
      summary: 'Components and their deficiencies',
      description: 'Both by name, any case.',
    }),
    config: { access: 'authenticated' },
    handler: () => service.categories(db),
  });

  app.route({
    ...endpointRoute(api.postAddComponent, {
      tags,
      summary: 'Add New Component',
      description:
        'newComponent: required, at most 35 characters. 409 category_exists when a component of that name ' +
        '(any case) exists. Super admins and project managers only.',
    }),
    config: { access: 'category.create' },
    handler: async (req) => ({
      ...ok,
      id: await service.addComponent(db, actorOf(req), req.body.newComponent),
    }),
  });

  app.route({
    ...endpointRoute(api.postAddDeficiency, {
      tags,
      summary: 'Add New Deficiency',
      description:
        'newDeficiency: required, at most 35 characters, a deficiency of the component categoryId (404 when it ' +
        'does not exist; 409 category_exists when it has one of that name). Super admins and project managers only.',
    }),
    config: { access: 'category.create' },
    handler: async (req) => ({
      ...ok,
      id: await service.addDeficiency(db, actorOf(req), req.body.categoryId, req.body.newDeficiency),
    }),
  });

  app.route({
    ...endpointRoute(api.putUpdateNote, {
      tags,
      summary: 'Create or edit the note of a photo',
      description: `imageNote: at most 500 characters, not blank ('Note cannot be blank'). Staff only. ${visibility}`,
    }),
    config: { access: 'image.note' },
    handler: async (req) => ({
      ...ok,
      note: await service.updateNote(db, actorOf(req), req.query.imageId, req.body.imageNote),
    }),
  });
}
