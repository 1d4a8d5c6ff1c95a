import { endpoints, ok } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './viewer.service.ts';

const tags = ['Inspection viewer'];
const visibility = 'Customers see only their company’s (another company’s, or none: 404).';

/** The inspection viewer's reads and review actions (spec 2 §2, §4, §5; paths of spec 3 §7). */
export async function viewerRoutes(app: App): Promise<void> {
  const api = endpoints.viewer;
  const deps = app.deps;
  const db = deps.database.db;

  app.route({
    ...endpointRoute(api.inspection, {
      tags,
      summary: 'One inspection as the viewer shows it',
      description:
        `The inspection list's row, the project's name and type, the reshoot and escalation state, and the ` +
        `project's unassigned photos within ${service.UNASSIGNED_NEARBY_METERS} m of the structure (listed ` +
        `before completing; none for a customer, whose row is the list's customer row). ${visibility}`,
    }),
    config: { access: 'inspection.read' },
    handler: (req) => service.viewerInspection(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.history, {
      tags,
      summary: "The inspection's review history",
      description:
        'Audit records of the inspection and of its photos (completion, reshoot, escalation, rejections, ' +
        'notes, annotations), newest first, at most 200. Staff only.',
    }),
    config: { access: 'inspection.history' },
    handler: (req) => service.reviewHistory(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.images, {
      tags,
      summary: 'The photos of an inspection',
      description:
        "Every photo of the inspection's structure by name, rejected ones included (the viewer's Rejected " +
        'view; a customer gets the accepted photos only), with annotation counts and highest risk (AI ' +
        `markups left out). note_text is null for customers. component_id, when given, must be the inspection's component (400). ${visibility}`,
    }),
    config: { access: 'image.read' },
    handler: (req) => service.imagesOfInspection(db, actorOf(req), req.params.id, req.query.component_id),
  });

  for (const what of ['viewed', 'zoomed'] as const) {
    app.route({
      ...endpointRoute(what === 'viewed' ? api.imageViewed : api.imageZoomed, {
        tags,
        summary: what === 'viewed' ? 'Mark a photo viewed' : 'Mark a photo zoomed into',
        description:
          `Sets first_${what} the first time an inspecting user (role id below 4) does so; later calls, and ` +
          `calls by users and customers, answer changed false. ${visibility}`,
      }),
      config: { access: 'image.read' },
      handler: async (req) => ({
        ...ok,
        changed: await service.markImage(db, actorOf(req), req.body.imageId, what),
      }),
    });
  }

  app.route({
    ...endpointRoute(api.requestReshoot, {
      tags,
      summary: 'Request a reshoot of an inspection',
      description:
        "review_status becomes 'Reshoot Requested' with the reason (required, at most 500 characters); asking " +
        'again replaces the reason. 409 inspection_completed for a completed inspection. Inspecting roles only. ' +
        "The structure's flight crew (else the project's assigned pilots) is e-mailed, and texted when a pilot " +
        'has a phone number; asking again with the same reason sends nothing more.',
    }),
    config: { access: 'inspection.reshoot' },
    handler: async (req) => ({
      ...ok,
      changed: await service.requestReshoot(deps, actorOf(req), req.params.id, req.body),
    }),
  });

  app.route({
    ...endpointRoute(api.withdrawReshoot, {
      tags,
      summary: 'Withdraw a reshoot request',
      description:
        'The inspection is pending again; without a standing request, changed is false. Inspecting roles only.',
    }),
    config: { access: 'inspection.reshoot' },
    handler: async (req) => ({
      ...ok,
      changed: await service.withdrawReshoot(db, actorOf(req), req.params.id),
    }),
  });

  app.route({
    ...endpointRoute(api.escalate, {
      tags,
      summary: 'Escalate an inspection',
      description:
        'Records the first escalation (escalated_at, by whom) and e-mails every active super admin and project ' +
        'manager a link to the inspection; changed is false when it was escalated already (the e-mail goes ' +
        'again). Inspecting roles only.',
    }),
    config: { access: 'inspection.escalate' },
    handler: async (req) => ({
      ...ok,
      changed: await service.escalateInspection(deps, actorOf(req), req.params.id),
    }),
  });
}
