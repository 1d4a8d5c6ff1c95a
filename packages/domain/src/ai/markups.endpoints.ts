import {
  AiAcceptBody,
  AiAcceptResponse,
  AiJobResponse,
  AiMarkupList,
  AiMarkupQuery,
  AiModelIdParam,
  AiOk,
  AiReviewAllBody,
  AiReviewAllResponse,
  AiRunOnProjectBody,
} from '../api/ai.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The aiMarkups calls (the server's aiMarkups routes and the web's calls to them). */
export const aiMarkupsEndpoints = {
  postRunOnProject: defineEndpoint({
    method: 'POST',
    path: '/ai/model/:id/runOnProject',
    params: AiModelIdParam,
    body: AiRunOnProjectBody,
    response: AiJobResponse,
  }),
  getMarkups: defineEndpoint({
    method: 'GET',
    path: '/ai/markups',
    query: AiMarkupQuery,
    response: AiMarkupList,
  }),
  postDismiss: defineEndpoint({
    method: 'POST',
    path: '/ai/markups/:id/dismiss',
    params: IdParam,
    response: AiOk,
  }),
  postAccept: defineEndpoint({
    method: 'POST',
    path: '/ai/markups/:id/accept',
    params: IdParam,
    body: AiAcceptBody,
    response: AiAcceptResponse,
  }),
  postReviewAll: defineEndpoint({
    method: 'POST',
    path: '/ai/markups/reviewAll',
    body: AiReviewAllBody,
    response: AiReviewAllResponse,
  }),
};
