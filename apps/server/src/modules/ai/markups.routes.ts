import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './markups.service.ts';

const tags = ['AI models'];
const REVIEWERS =
  'Staff who may inspect (super admins, project managers, inspectors), on photos they can see; users and customers 403.';

/** AI markups on inspection photos: 'Run on project', and their review (issue 22). */
export async function aiMarkupsRoutes(app: App): Promise<void> {
  const api = endpoints.aiMarkups;
  const deps = app.deps;

  app.route({
    ...endpointRoute(api.postRunOnProject, {
      tags,
      summary: 'Run on project: the model over a project’s photos',
      description:
        'Queues the ai.run-on-project job (one per model and project at a time) and answers its id (GET /jobs/{id} for progress). Rejected photos are skipped; onlyUnreviewed skips photos a reviewer has opened. Each photo’s open markups of the model are replaced by what the newest version finds; accepted and dismissed ones stay. 409 model_not_trained before the first version. Super admins and project managers; other roles 403.',
    }),
    config: { access: 'ai.manage' },
    handler: (req) => service.runOnProject(deps, actorOf(req), req.params.id, req.body),
  });

  app.route({
    ...endpointRoute(api.getMarkups, {
      tags,
      summary: 'The AI markups of one inspection photo',
      description: `Every model's markups of the photo, best score first, with their status (open, accepted, dismissed); img_id, the photo's training image once a model uses it (else null); and patches, every model's patches drawn on the photo (POST /annotations with model_id). ${REVIEWERS}`,
    }),
    config: { access: 'ai.read' },
    handler: (req) => service.markupsOfImage(deps, actorOf(req), req.query.imageId),
  });

  app.route({
    ...endpointRoute(api.postDismiss, {
      tags,
      summary: 'Dismiss an AI markup',
      description: `It goes back to its model's training images as a negative region. Idempotent: a dismissed markup answers ok again; 409 markup_reviewed when it was accepted. ${REVIEWERS}`,
    }),
    config: { access: 'annotation.create' },
    handler: (req) => service.dismissMarkup(deps, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.postAccept, {
      tags,
      summary: 'Accept an AI markup: it becomes an annotation',
      description: `The reviewer picks the component (category), optionally a deficiency of it, and the risk (2–5); the annotation is the markup's rectangle, and the markup goes back to its model's training images as a positive. Idempotent: an accepted markup answers its one annotation again (two accepts at once make one annotation); 409 markup_reviewed when it was dismissed. ${REVIEWERS}`,
    }),
    config: { access: 'annotation.create' },
    handler: (req) => service.acceptMarkup(deps, actorOf(req), req.params.id, req.body),
  });

  app.route({
    ...endpointRoute(api.postReviewAll, {
      tags,
      summary: 'Accept or dismiss every open markup of a photo at or above a score',
      description: `The AI mode's 'all above the slider': the photo's open markups (of modelId, or every model) with score >= minScore, accepted with one component and risk (category required) or dismissed, each fed back to its model. Answers how many were reviewed and the annotations made. ${REVIEWERS}`,
    }),
    config: { access: 'annotation.create' },
    handler: (req) => service.reviewAllAbove(deps, actorOf(req), req.body),
  });
}
