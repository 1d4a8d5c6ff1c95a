import {
  FlightPlanDetail,
  FlightPlanListQuery,
  FlightPlanSummary,
  FlightPlanToken,
  FlightPlanTokenQuery,
  FlightPlanUploadedBody,
  FlightPlanUploadedQuery,
  IdParam,
} from '@linewalker/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import {
  flightPlanDetail,
  flightPlanUploaded,
  flightPlanUploadToken,
  listFlightPlans,
} from './flightPlans.service.ts';

const tags = ['Flight plans'];
const WHO = 'Users who can inspect (staff below role 4); 404 for a project of another company.';

/** Flight plans for the drone dock boxes (WiBotic), shown on the project overview. */
export async function flightPlansRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.get(
    '/wibotic/flightplan/uploadToken',
    {
      config: { access: 'flightPlan.upload' },
      schema: {
        tags,
        summary: 'A signed URL to upload a flight plan to',
        description:
          "extension is plan or json (400 'Only .plan/.json files are supported.' otherwise). Answers " +
          'signedTokenUrl (PUT the file there with Content-Type application/json) and imageUrl (send it back to ' +
          `uploaded). ${WHO}`,
        querystring: FlightPlanTokenQuery,
        response: { 200: FlightPlanToken },
      },
    },
    (req) => flightPlanUploadToken(app.deps, actorOf(req), req.query),
  );

  app.post(
    '/wibotic/flightplan/uploaded',
    {
      config: { access: 'flightPlan.upload' },
      schema: {
        tags,
        summary: 'Record an uploaded flight plan for a dock box',
        description:
          "url is the imageUrl of the caller's own token for this project (404 otherwise). filename must end in " +
          '.plan or .json and the file must read as a QGroundControl plan or a JSON mission (a list of ' +
          "{lat, lon, alt} waypoints, {waypoints: [...]}, or GeoJSON) with at least one position: else 400 'Only " +
          ".plan/.json files are supported.' and the file is deleted. Reporting the same upload again answers the " +
          `same plan. ${WHO}`,
        querystring: FlightPlanUploadedQuery,
        body: FlightPlanUploadedBody,
        response: { 200: FlightPlanSummary },
      },
    },
    (req) =>
      flightPlanUploaded(app.deps, actorOf(req), req.query.projectId, req.query.wibotic_box_id, req.body),
  );

  app.get(
    '/wibotic/flightplan',
    {
      config: { access: 'flightPlan.read' },
      schema: {
        tags,
        summary: "The project's flight plans, newest first (box id, file, created, flight started)",
        description: WHO,
        querystring: FlightPlanListQuery,
        response: { 200: z.array(FlightPlanSummary) },
      },
    },
    (req) => listFlightPlans(db, actorOf(req), req.query.projectId),
  );

  app.get(
    '/wibotic/flightplan/:id',
    {
      config: { access: 'flightPlan.read' },
      schema: {
        tags,
        summary: "A flight plan's path and the structures it does not come near",
        description:
          'waypoints in flying order; uncovered lists (up to 1,000 of uncovered_count) the structures of the ' +
          'project farther than coverage_metres (FLIGHT_PLAN_COVERAGE_METERS, default 50) from every leg of the ' +
          `path, with their distance. ${WHO}`,
        params: IdParam,
        response: { 200: FlightPlanDetail },
      },
    },
    (req) => flightPlanDetail(app.deps, actorOf(req), req.params.id),
  );
}
