import {
  AiIdResponse,
  AiImageParams,
  AiImageUploadedBody,
  AiImageUploadedResponse,
  AiModel,
  AiModelCreateBody,
  AiModelCreateResponse,
  AiModelIdParam,
  AiModelIdParamAlt,
  AiModelImages,
  AiModelList,
  AiModelUpdateBody,
  AiNothingToFindBody,
  AiOk,
  AiPatchBody,
  AiUploadTokenQuery,
  AiUploadTokenResponse,
} from '../api/ai.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The ai calls (the server's ai routes and the web's calls to them). */
export const aiEndpoints = {
  models: defineEndpoint({ method: 'GET', path: '/ai/models', response: AiModelList }),
  model: defineEndpoint({
    method: 'GET',
    path: '/ai/model/:id',
    params: AiModelIdParam,
    response: AiModel,
  }),
  createModel: defineEndpoint({
    method: 'POST',
    path: '/ai/model',
    body: AiModelCreateBody,
    response: AiModelCreateResponse,
  }),
  updateModel: defineEndpoint({
    method: 'PUT',
    path: '/ai/model/:id',
    params: AiModelIdParam,
    body: AiModelUpdateBody,
    response: AiModel,
  }),
  imageUploadToken: defineEndpoint({
    method: 'GET',
    path: '/ai/upload_img_token/:id',
    params: AiModelIdParam,
    query: AiUploadTokenQuery,
    response: AiUploadTokenResponse,
  }),
  imageUploaded: defineEndpoint({
    method: 'POST',
    path: '/ai/image_uploaded/:id',
    params: AiModelIdParam,
    body: AiImageUploadedBody,
    response: AiImageUploadedResponse,
  }),
  modelImages: defineEndpoint({
    method: 'GET',
    path: '/ai/model/:id/images',
    params: AiModelIdParam,
    response: AiModelImages,
  }),
  createPatch: defineEndpoint({
    method: 'POST',
    path: '/ai/patch/:modelId',
    params: AiModelIdParamAlt,
    body: AiPatchBody,
    response: AiIdResponse,
  }),
  deletePatch: defineEndpoint({
    method: 'POST',
    path: '/ai/deletePatch/:id',
    params: IdParam,
    response: AiOk,
  }),
  markNothingToFind: defineEndpoint({
    method: 'POST',
    path: '/ai/model/:id/images/:imageId/nothingToFind',
    params: AiImageParams,
    body: AiNothingToFindBody,
    response: AiOk,
  }),
};
