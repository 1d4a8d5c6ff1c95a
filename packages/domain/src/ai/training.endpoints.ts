import { AiModel, AiModelIdParam } from '../api/ai.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The aiTraining calls (the server's aiTraining routes and the web's calls to them). */
export const aiTrainingEndpoints = {
  startTraining: defineEndpoint({
    method: 'POST',
    path: '/ai/startTraining/:id',
    params: AiModelIdParam,
    response: AiModel,
  }),
  cancelTraining: defineEndpoint({
    method: 'POST',
    path: '/ai/model/:id/cancelTraining',
    params: AiModelIdParam,
    response: AiModel,
  }),
};
