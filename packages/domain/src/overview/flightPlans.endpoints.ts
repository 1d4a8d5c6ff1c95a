import { z } from 'zod';
import {
  FlightPlanDetail,
  FlightPlanListQuery,
  FlightPlanSummary,
  FlightPlanToken,
  FlightPlanTokenQuery,
  FlightPlanUploadedBody,
  FlightPlanUploadedQuery,
} from '../api/flightPlans.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The flightPlans calls (the server's flightPlans routes and the web's calls to them). */
export const flightPlansEndpoints = {
  flightPlanUploadToken: defineEndpoint({
    method: 'GET',
    path: '/wibotic/flightplan/uploadToken',
    query: FlightPlanTokenQuery,
    response: FlightPlanToken,
  }),
  flightPlanUploaded: defineEndpoint({
    method: 'POST',
    path: '/wibotic/flightplan/uploaded',
    query: FlightPlanUploadedQuery,
    body: FlightPlanUploadedBody,
    response: FlightPlanSummary,
  }),
  listFlightPlans: defineEndpoint({
    method: 'GET',
    path: '/wibotic/flightplan',
    query: FlightPlanListQuery,
    response: z.array(FlightPlanSummary),
  }),
  flightPlanDetail: defineEndpoint({
    method: 'GET',
    path: '/wibotic/flightplan/:id',
    params: IdParam,
    response: FlightPlanDetail,
  }),
};
