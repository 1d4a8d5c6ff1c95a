import {
  type AiModelCreateBody,
  type AiModelUpdateBody,
  type AiPatchBody,
  type EndpointQuery,
  endpoints,
} from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /ai/models: every model with its counts and state. */
export const useAiModels = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.ai.models(),
    queryFn: ({ signal }) => apiRequest(endpoints.ai.models, { signal }),
    enabled,
  });

/** GET /ai/model/{id}; polled every 2 s while it trains (the progress bar). */
export const useAiModel = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.model(id ?? 0),
    queryFn: ({ signal }) => apiRequest(endpoints.ai.model, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.state === 'Training' ? 2_000 : false),
  });

/** GET /ai/model/{id}/images: the model's images with their patches. */
export const useAiModelImages = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.ai.images(id),
    queryFn: ({ signal }) => apiRequest(endpoints.ai.modelImages, { params: { id }, signal }),
    enabled,
  });

export const createAiModel = (body: AiModelCreateBody) => apiRequest(endpoints.ai.createModel, { body });

export const updateAiModel = (id: number, body: AiModelUpdateBody) =>
  apiRequest(endpoints.ai.updateModel, { params: { id }, body });

export const createAiPatch = (modelId: number, body: AiPatchBody) =>
  apiRequest(endpoints.ai.createPatch, { params: { modelId }, body });

export const deleteAiPatch = (id: number) => apiRequest(endpoints.ai.deletePatch, { params: { id } });

export const setNothingToFind = (modelId: number, imageId: number, value: boolean) =>
  apiRequest(endpoints.ai.markNothingToFind, {
    params: { id: modelId, imageId },
    body: { nothing_to_find: value },
  });

export const aiUploadToken = (
  modelId: number,
  contentType: EndpointQuery<typeof endpoints.ai.imageUploadToken>['contentType'],
  signal?: AbortSignal,
) => apiRequest(endpoints.ai.imageUploadToken, { params: { id: modelId }, query: { contentType }, signal });

export const aiImageUploaded = (
  modelId: number,
  body: { imageUrl: string; fileName: string; md5_hash: string; img_width: number; img_height: number },
  signal?: AbortSignal,
) => apiRequest(endpoints.ai.imageUploaded, { params: { id: modelId }, body, signal });
