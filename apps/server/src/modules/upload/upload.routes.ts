import { endpoints, ok, UploadImage, UploadStructure } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { sendJsonArray } from '../../platform/http/jsonArrayStream.ts';
import * as actions from './imageActions.service.ts';
import * as service from './upload.service.ts';

const tags = ['Upload page'];

const customers =
  "Customers read their own company's projects only; another company's project answers 404, like a missing one.";

/** The Upload tab's reads and the photo actions of its map panel (spec 2 §2 'Upload', §4, §5, §7). */
export async function uploadRoutes(app: App): Promise<void> {
  const api = endpoints.upload;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.structures, {
      tags,
      summary: "Every structure of a project with its photo count and whether it's inspected",
      description:
        'In creation order. image_count and archived_count leave rejected photos out; inspected is true ' +
        `when the structure has inspections and every one of them has date_reviewed. ${customers}`,
    }),
    config: { access: 'structure.read' },
    handler: async (req, reply) =>
      sendJsonArray(
        reply,
        UploadStructure,
        await service.structureList(db, actorOf(req), req.query.projectId),
      ),
  });

  app.route({
    ...endpointRoute(api.structureWithImages, {
      tags,
      summary: 'One structure and the photos assigned to it',
      description: `Photos by name, rejected ones left out. 404 when the structure is not in the project. ${customers}`,
    }),
    config: { access: 'image.read' },
    handler: (req) =>
      service.structureWithImages(db, actorOf(req), req.query.projectId, req.query.structureId),
  });

  app.route({
    ...endpointRoute(api.unassignedImages, {
      tags,
      summary: "The project's photos without a structure",
      description:
        "By name, rejected ones left out. Staff only: unassigned photos are the inspection company's " +
        'quality work, not shown to customers (403).',
    }),
    config: { access: 'image.quality.read' },
    handler: async (req, reply) =>
      sendJsonArray(
        reply,
        UploadImage,
        await service.unassignedImageList(db, actorOf(req), req.query.projectId),
      ),
  });

  app.route({
    ...endpointRoute(api.imagesByBounds, {
      tags,
      summary: 'Structures and photos inside a map view',
      description:
        "bounds is 'west,south,east,north' in degrees; a view across the antimeridian (west > east) or past " +
        `±180 is understood. Rejected photos are left out (for a customer, unassigned ones too). At most ${service.MAX_BOUNDS_IMAGES.toLocaleString('en-US')} ` +
        'photos (by id) per answer: truncated is true when the view holds more (zoom in). ' +
        customers,
    }),
    config: { access: 'image.read' },
    handler: (req) => service.inBounds(db, actorOf(req), req.query.projectId, req.query.bounds),
  });

  app.route({
    ...endpointRoute(api.stats, {
      tags,
      summary: "The project header's image and structure tiles",
      description:
        'img_count and unassigned_img_count leave rejected photos out (they are out of the Upload page); ' +
        "a customer's answer has no unassigned_img_count and img_count counts photos on structures only; " +
        `structure counts by source type: 2 KMZ (or CSV), 3 nadir, 1 manual. ${customers}`,
    }),
    config: { access: 'image.read' },
    handler: (req) => service.stats(db, actorOf(req), req.query.projectId),
  });

  app.route({
    ...endpointRoute(api.images, {
      tags,
      summary: "A page of the project's photos",
      description:
        'Every photo of the project, rejected ones included (flagged rejected); for a customer the accepted ' +
        'photos on structures only (no rejected, no unassigned ones). Optionally only those ' +
        'uploaded_by a user or assigned to a structure of lineId. Sorted by orderBy in order, empty values ' +
        `last, ties by id; total counts every match. ${customers}`,
    }),
    config: { access: 'image.read' },
    handler: (req) => {
      const q = req.query;
      return service.imageList(db, actorOf(req), {
        projectId: q.projectId,
        uploadedBy: q.uploaded_by,
        lineId: q.lineId,
        limit: q.limit,
        offset: q.offset,
        orderBy: q.orderBy,
        order: q.order,
      });
    },
  });

  app.route({
    ...endpointRoute(api.reassignImages, {
      tags,
      summary: 'Assign photos to a structure by hand',
      description:
        'Body: imageIds, at most 10,000 (the web sends larger selections in batches; it lets a person select ' +
        'at most 500). Every id must be a photo of the project (400 images_not_in_project otherwise) and the ' +
        'structure must be in the project (404): then nothing changes. The photos get the structure, a new ' +
        'assigned date (those that move), their distance to it from their own position and no confidence ' +
        '(a person chose). Repeating a request changes nothing more. Staff only.',
    }),
    config: { access: 'image.reassign' },
    handler: async (req) => ({
      ...ok,
      count: await actions.reassignImages(
        db,
        actorOf(req),
        req.query.projectId,
        req.query.newStructureId,
        req.body.imageIds,
      ),
    }),
  });

  app.route({
    ...endpointRoute(api.rejectImages, {
      tags,
      summary: 'Reject photos with a reason',
      description:
        'notes: the reason, required, at most 499 characters; imageIds: at most 10,000 photos of one project ' +
        '(400 images_not_in_project otherwise, and nothing changes). Photos rejected already keep their first ' +
        'rejection; count is how many were newly rejected. Inspecting roles only (role id below 4).',
    }),
    config: { access: 'image.reject' },
    handler: async (req) => ({
      ...ok,
      count: await actions.rejectImages(db, actorOf(req), req.body.imageIds, req.body.notes),
    }),
  });

  app.route({
    ...endpointRoute(api.unrejectImage, {
      tags,
      summary: "Take a photo's rejection back",
      description:
        'A photo that is not rejected answers 200 with count 0. Inspecting roles only (role id below 4).',
    }),
    config: { access: 'image.reject' },
    handler: async (req) => ({
      ...ok,
      count: (await actions.unrejectImage(db, actorOf(req), req.params.id)) ? 1 : 0,
    }),
  });
}
