import {
  PilotDirectory,
  PilotSaveRequest,
  PilotSaveResponse,
  PilotScheduleRequest,
  PilotScheduleResponse,
  ProjectPilotList,
  SchedulingDetails,
  SchedulingResponseAnswer,
  SchedulingResponseRequest,
  SchedulingTokenParam,
} from '../api/pilots.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** Pilots (spec 2 §3–5, spec 3 §7): the directory, the pilot form, scheduling on a project, the public link. */
export const pilotsEndpoints = {
  directory: defineEndpoint({ method: 'GET', path: '/pilots', response: PilotDirectory }),
  save: defineEndpoint({
    method: 'POST',
    path: '/pilots',
    body: PilotSaveRequest,
    response: PilotSaveResponse,
  }),
  project: defineEndpoint({
    method: 'GET',
    path: '/pilots/project/:id',
    params: IdParam,
    response: ProjectPilotList,
  }),
  assign: defineEndpoint({
    method: 'PUT',
    path: '/pilots/assign',
    body: PilotScheduleRequest,
    response: PilotScheduleResponse,
  }),
  unassign: defineEndpoint({
    method: 'PUT',
    path: '/pilots/unassign',
    body: PilotScheduleRequest,
    response: PilotScheduleResponse,
  }),
  checkAvailability: defineEndpoint({
    method: 'POST',
    path: '/pilots/checkAvailability',
    body: PilotScheduleRequest,
    response: PilotScheduleResponse,
  }),
  schedulingDetails: defineEndpoint({
    method: 'GET',
    path: '/pilots/project-details/:id',
    params: SchedulingTokenParam,
    response: SchedulingDetails,
  }),
  schedulingResponse: defineEndpoint({
    method: 'PUT',
    path: '/pilots/scheduling-response',
    body: SchedulingResponseRequest,
    response: SchedulingResponseAnswer,
  }),
};
