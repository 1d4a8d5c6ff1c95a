import {
  endpoints,
  type FlightPlanExtension,
  FlightPlanSummary,
  type FlightPlanToken,
} from '@linewalker/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

const _FlightPlanList = FlightPlanSummary.array();

/** GET /wibotic/flightplan?projectId: the status panel's list. */
export const flightPlansQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.flightPlans.project(projectId),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.flightPlans.listFlightPlans, { query: { projectId }, signal }),
  });

export const useFlightPlans = (projectId: number, enabled: boolean) =>
  useQuery({ ...flightPlansQueryOptions(projectId), enabled });

/** GET /wibotic/flightplan/{id}: the path and the structures it misses. */
export const useFlightPlan = (projectId: number, planId: number | null) =>
  useQuery({
    queryKey: queryKeys.flightPlans.detail(projectId, planId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.flightPlans.flightPlanDetail, { params: { id: planId ?? 0 }, signal }),
    enabled: planId !== null,
  });

/** PUT of the plan to its signed URL, with the content type the signature was made for. */
async function putPlan(token: FlightPlanToken, file: File): Promise<void> {
  const res = await fetch(token.signedTokenUrl, {
    method: 'PUT',
    headers: { 'content-type': token.contentType },
    body: file,
  });
  if (!res.ok) throw new Error(`The upload failed (${res.status}).`);
}

export interface FlightPlanUpload {
  projectId: number;
  boxId: string;
  file: File;
  extension: FlightPlanExtension;
}

/** uploadToken → signed PUT → uploaded (spec 2 §7 'Flight plan upload token'). */
export async function uploadFlightPlan({ projectId, boxId, file, extension }: FlightPlanUpload) {
  const token = await apiRequest(endpoints.flightPlans.flightPlanUploadToken, {
    query: { projectId, wibotic_box_id: boxId, extension },
  });
  await putPlan(token, file);
  return apiRequest(endpoints.flightPlans.flightPlanUploaded, {
    query: { projectId, wibotic_box_id: boxId },
    body: { url: token.imageUrl, filename: file.name },
  });
}

export function useUploadFlightPlan(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFlightPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.flightPlans.project(projectId) }),
  });
}
