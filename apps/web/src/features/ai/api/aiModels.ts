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
    queryFn: ({ signal }) => apiRequest(endpoints.ai.getModels, { signal }),
    enabled,
  });

/** GET /ai/model/{id}; polled every 2 s while it trains (the progress bar). */
export const useAiModel = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.ai.model(id ?? 0),
    queryFn: ({ signal }) => apiRequest(endpoints.ai.getModelById, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.state === 'Training' ? 2_000 : false),
  });

/** GET /ai/model/{id}/images: the model's images with their patches. */
export const useAiModelImages = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.ai.images(id),
    queryFn: ({ signal }) => apiRequest(endpoints.ai.getImages, { params: { id }, signal }),
    enabled,
  });

export const createAiModel = (body: AiModelCreateBody) => apiRequest(endpoints.ai.postModel, { body });

export const updateAiModel = (id: number, body: AiModelUpdateBody) =>
  apiRequest(endpoints.ai.putModelById, { params: { id }, body });

export const createAiPatch = (modelId: number, body: AiPatchBody) =>
  apiRequest(endpoints.ai.postPatchById, { params: { modelId }, body });

export const deleteAiPatch = (id: number) => apiRequest(endpoints.ai.postDeletePatchById, { params: { id } });

export const setNothingToFind = (modelId: number, imageId: number, value: boolean) =>
  apiRequest(endpoints.ai.postNothingToFind, {
    params: { id: modelId, imageId },
    body: { nothing_to_find: value },
  });

export const aiUploadToken = (
  modelId: number,
  contentType: EndpointQuery<typeof endpoints.ai.getUploadImgTokenById>['contentType'],
  signal?: AbortSignal,
) =>
  apiRequest(endpoints.ai.getUploadImgTokenById, { params: { id: modelId }, query: { contentType }, signal });

export const aiImageUploaded = (
  modelId: number,
  body: { imageUrl: string; fileName: string; md5_hash: string; img_width: number; img_height: number },
  signal?: AbortSignal,
) => apiRequest(endpoints.ai.postImageUploadedById, { params: { id: modelId }, body, signal });
