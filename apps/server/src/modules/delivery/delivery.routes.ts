import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { redirectToSignedUrl } from '../../platform/http/signedRedirect.ts';
import { SIGNED_GET_SECONDS } from '../../platform/storage/storage.ts';
import * as delivery from './delivery.service.ts';

const tags = ['Delivery'];
const WHO =
  'Super admins, project managers, users and customers of the project’s company (spec 2 §6); inspectors 403; ' +
  'a project of another company 404.';

/** The spec's `lineId[]` and our `lineId` name the same filter. */
const lineIdsOf = (q: { lineId: number[]; 'lineId[]': number[] }) => [
  ...new Set([...q.lineId, ...q['lineId[]']]),
];

/**
 * The Delivery (archive) sub-page: its structure table, counts and photos, and the delivery packages that
 * 'Archive Selected' makes (photos marked delivered, a ZIP built in the background, downloaded through a
 * short-lived signed URL after a check of the reader's rights).
 */
export async function deliveryRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;
  const api = endpoints.delivery;

  app.route({
    ...endpointRoute(api.structures, {
      tags,
      summary: 'A page of the archive table: structures with their photo and delivery counts',
      description:
        'Filtered by lines (lineId, repeated or comma-separated; the spec’s lineId[] too), the header search ' +
        '(q: part of a structure or line name) and delivery (all; delivered: photos, every one delivered; ' +
        'undelivered: the rest). Sorted in SQL by orderBy (struct_num in natural order by default), ' +
        `paged by limit/offset (50 by default). ${WHO}`,
    }),
    config: { access: 'delivery.read' },
    handler: (req) =>
      delivery.structureList(db, actorOf(req), {
        projectId: req.query.projectId,
        lineIds: lineIdsOf(req.query),
        q: req.query.q,
        delivery: req.query.delivery,
        orderBy: req.query.orderBy,
        order: req.query.order,
        limit: req.query.limit,
        offset: req.query.offset,
      }),
  });

  app.route({
    ...endpointRoute(api.counts, {
      tags,
      summary: 'All / Delivered / Undelivered structure counts of a project',
      description:
        'Spec 2 §3 "Delivery counts", with the same line and search filters as the archive table. (The spec’s ' +
        `GET /structures/counts/{id} answers the project stats here.) ${WHO}`,
    }),
    config: { access: 'delivery.read' },
    handler: (req) =>
      delivery.counts(db, actorOf(req), req.params.id, { lineIds: lineIdsOf(req.query), q: req.query.q }),
  });

  app.route({
    ...endpointRoute(api.archivedImages, {
      tags,
      summary: "A structure's photos with their delivery state",
      description:
        'The photos that can be delivered (rejected ones are not), sorted by orderBy (image_name by default); ' +
        `with componentId only those with an annotation of that component. 404 for a structure of another project. ${WHO}`,
    }),
    config: { access: 'delivery.read' },
    handler: (req) => delivery.archivedImageList(db, actorOf(req), req.query),
  });

  app.route({
    ...endpointRoute(api.create, {
      tags,
      summary: "'Archive Selected': deliver photos and build their delivery package",
      description:
        'Marks the photos delivered (archived_date, archive_name, archived_by) and queues the build of a ZIP with ' +
        'the originals, index.csv and annotations.geojson, in one transaction. The photos are imageIds (all ' +
        'or nothing: a photo of another project is 400 images_not_in_project), or a select-all: filter (the ' +
        "table's lines, search and delivery button) minus exclude, resolved on the server over every page; " +
        'one that matches no photo is 400 nothing_to_deliver. Idempotent: photos delivered before are left ' +
        'as they were; when none is new, nothing is created (created false) and the package holding them is ' +
        'answered. Rejected photos are skipped. Super admins, project managers and users.',
    }),
    config: { access: 'delivery.create' },
    handler: (req) => {
      const { projectId, imageIds, filter, exclude, archiveName } = req.body;
      // The schema lets exactly one of imageIds and filter through.
      const selection = filter
        ? { filter: { ...filter, q: filter.q }, exclude }
        : { imageIds: imageIds ?? [] };
      return delivery.deliver(app.deps, actorOf(req), { projectId, archiveName, ...selection });
    },
  });

  app.route({
    ...endpointRoute(api.packages, {
      tags,
      summary: "A project's delivery packages, newest first, with their build progress",
      description: WHO,
    }),
    config: { access: 'delivery.read' },
    handler: (req) => delivery.packages(db, actorOf(req), req.query.projectId),
  });

  app.route({
    ...endpointRoute(api.package, {
      tags,
      summary: 'One delivery package and its build progress',
      description: `status queued → building (files_done of image_count) → ready | failed. ${WHO}`,
    }),
    config: { access: 'delivery.read' },
    handler: (req) => delivery.packageStatus(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.download, {
      tags,
      summary: "Download a delivery package's ZIP",
      description:
        `302 to a signed URL valid for ${SIGNED_GET_SECONDS} s, served as an attachment. 409 delivery_not_ready ` +
        `while it is being built or when it failed. ${WHO}`,
    }),
    config: { access: 'delivery.read' },
    handler: async (req, reply) => {
      const url = await delivery.packageDownloadUrl(app.deps, actorOf(req), req.params.id);
      return redirectToSignedUrl(reply, url);
    },
  });
}
