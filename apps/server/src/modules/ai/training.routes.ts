import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { AiModelIdParam, endpoints } from '@linewalker/domain';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { cancelTraining, DETECT_MAX_BYTES, detect, startTraining } from './training.service.ts';

const tags = ['AI models'];
const MANAGE = 'Super admins and project managers; other roles 403.';

const DetectResponse = z.object({
  boxes: z.array(
    z.object({ left: z.number(), top: z.number(), width: z.number(), height: z.number(), score: z.number() }),
  ),
});

/** Training a model and running it (issue 22): start, cancel, detect. */
export async function aiTrainingRoutes(app: App): Promise<void> {
  const api = endpoints.aiTraining;
  const deps = app.deps;

  app.route({
    ...endpointRoute(api.startTraining, {
      tags,
      summary: 'Launch Training Now',
      description: `Queues a training job (ai.train) and answers the model in state Training; progress is its currentstep/totalstepcount. 409 not_ready_for_training below 100 marked-up images, 409 training_in_progress while a run is on. The hold-back split is drawn from the model's stored seed: an image stays on its side for every version. ${MANAGE}`,
    }),
    config: { access: 'ai.manage' },
    handler: (req) => startTraining(deps, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.cancelTraining, {
      tags,
      summary: 'Cancel the training in progress',
      description: `The run stops at its next progress write (≤ 1 s) and no version is stored. 409 when the model is not training. ${MANAGE}`,
    }),
    config: { access: 'ai.manage' },
    handler: (req) => cancelTraining(deps, actorOf(req), req.params.id),
  });

  await app.register(async (plain) => {
    const child = plain.withTypeProvider<ZodTypeProvider>();
    child.addContentTypeParser(
      ['image/jpeg', 'image/png'],
      { parseAs: 'buffer', bodyLimit: DETECT_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    child.post(
      '/ai/model/:id/detect',
      {
        config: { access: 'ai.read' },
        schema: {
          tags,
          summary: 'Find the model’s class in one image',
          description:
            'The request body is the image (Content-Type image/jpeg or image/png, at most 40 MB; 413 past it; another type 400 unsupported_file). Answers the boxes the newest trained version finds, in the image’s pixels (EXIF orientation applied), best first, at that version’s score threshold. 409 model_not_trained before the first training; 400 unsupported_file for bytes that are not a readable image. Super admins, project managers and inspectors; users and customers 403.',
          params: AiModelIdParam,
          response: { 200: DetectResponse },
        },
      },
      (req) => {
        if (!Buffer.isBuffer(req.body))
          throw badRequest('Send the image as the request body', 'unsupported_file');
        return detect(deps, actorOf(req), req.params.id, req.body);
      },
    );
  });
}
