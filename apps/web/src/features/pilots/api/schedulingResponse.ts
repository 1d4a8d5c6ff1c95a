import { endpoints } from '@linewalker/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/v1/pilots/project-details/{token}: what the link asks about (public). */
export const getSchedulingDetails = (token: string, signal?: AbortSignal) =>
  apiRequest(endpoints.pilots.schedulingDetails, { params: { id: token }, signal });

export const useSchedulingDetails = (token: string | null) =>
  useQuery({
    // A one-off public page: not one of the app's shared resources, so no entry in queryKeys.
    queryKey: ['schedulingDetails', token],
    queryFn: ({ signal }) => getSchedulingDetails(token ?? '', signal),
    enabled: token !== null,
    retry: false,
  });

/** PUT /api/v1/pilots/scheduling-response: the answer, yes (true) or no (false). */
export const useAnswerScheduling = (token: string) =>
  useMutation({
    mutationFn: (accept: boolean) =>
      apiRequest(endpoints.pilots.schedulingResponse, { body: { token, accept } }),
  });
