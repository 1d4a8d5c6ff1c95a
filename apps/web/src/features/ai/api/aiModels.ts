import {
  AiIdResponse,
  AiImageUploadedResponse,
  AiModel,
  type AiModelCreateBody,
  AiModelCreateResponse,
  AiModelImages,
  AiModelList,
  type AiModelUpdateBody,
  AiOk,
  type AiPatchBody,
  AiUploadTokenResponse,
} from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /ai/models: every model with its counts and state. */
export const useAiModels = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.ai.models(),
    queryFn: ({ signal }) => apiRequest('/ai/models', { schema: AiModelList, signal }),
    enabled,
  });

/** GET /ai/model/{id}; polled every 2 s while it trains (the progress bar). */
export const useAiModel = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.model(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/ai/model/${id}`, { schema: AiModel, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.state === 'Training' ? 2_000 : false),
  });

/** GET /ai/model/{id}/images: the model's images with their patches. */
export const useAiModelImages = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.ai.images(id),
    queryFn: ({ signal }) => apiRequest(`/ai/model/${id}/images`, { schema: AiModelImages, signal }),
    enabled,
  });

export const createAiModel = (body: AiModelCreateBody) =>
  apiRequest('/ai/model', { method: 'POST', body, schema: AiModelCreateResponse });

export const updateAiModel = (id: number, body: AiModelUpdateBody) =>
  apiRequest(`/ai/model/${id}`, { method: 'PUT', body, schema: AiModel });

export const createAiPatch = (modelId: number, body: AiPatchBody) =>
  apiRequest(`/ai/patch/${modelId}`, { method: 'POST', body, schema: AiIdResponse });

export const deleteAiPatch = (id: number) =>
  apiRequest(`/ai/deletePatch/${id}`, { method: 'POST', schema: AiOk });

export const setNothingToFind = (modelId: number, imageId: number, value: boolean) =>
  apiRequest(`/ai/model/${modelId}/images/${imageId}/nothingToFind`, {
    method: 'POST',
    body: { nothing_to_find: value },
    schema: AiOk,
  });

export const aiUploadToken = (modelId: number, contentType: string, signal?: AbortSignal) =>
  apiRequest(`/ai/upload_img_token/${modelId}`, {
    query: { contentType },
    schema: AiUploadTokenResponse,
    signal,
  });

export const aiImageUploaded = (
  modelId: number,
  body: { imageUrl: string; fileName: string; md5_hash: string; img_width: number; img_height: number },
  signal?: AbortSignal,
) =>
  apiRequest(`/ai/image_uploaded/${modelId}`, {
    method: 'POST',
    body,
    schema: AiImageUploadedResponse,
    signal,
  });
