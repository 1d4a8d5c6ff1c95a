import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
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
  const api = endpoints.flightPlans;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.flightPlanUploadToken, {
      tags,
      summary: 'A signed URL to upload a flight plan to',
      description:
        "extension is plan or json (400 'Only .plan/.json files are supported.' otherwise). Answers " +
        'signedTokenUrl (PUT the file there with Content-Type application/json) and imageUrl (send it back to ' +
        `uploaded). ${WHO}`,
    }),
    config: { access: 'flightPlan.upload' },
    handler: (req) => flightPlanUploadToken(app.deps, actorOf(req), req.query),
  });

  app.route({
    ...endpointRoute(api.flightPlanUploaded, {
      tags,
      summary: 'Record an uploaded flight plan for a dock box',
      description:
        "url is the imageUrl of the caller's own token for this project (404 otherwise). filename must end in " +
        '.plan or .json and the file must read as a QGroundControl plan or a JSON mission (a list of ' +
        "{lat, lon, alt} waypoints, {waypoints: [...]}, or GeoJSON) with at least one position: else 400 'Only " +
        ".plan/.json files are supported.' and the file is deleted. Reporting the same upload again answers the " +
        `same plan. ${WHO}`,
    }),
    config: { access: 'flightPlan.upload' },
    handler: (req) =>
      flightPlanUploaded(app.deps, actorOf(req), req.query.projectId, req.query.wibotic_box_id, req.body),
  });

  app.route({
    ...endpointRoute(api.listFlightPlans, {
      tags,
      summary: "The project's flight plans, newest first (box id, file, created, flight started)",
      description: WHO,
    }),
    config: { access: 'flightPlan.read' },
    handler: (req) => listFlightPlans(db, actorOf(req), req.query.projectId),
  });

  app.route({
    ...endpointRoute(api.flightPlanDetail, {
      tags,
      summary: "A flight plan's path and the structures it does not come near",
      description:
        'waypoints in flying order; uncovered lists (up to 1,000 of uncovered_count) the structures of the ' +
        'project farther than coverage_metres (FLIGHT_PLAN_COVERAGE_METERS, default 50) from every leg of the ' +
        `path, with their distance. ${WHO}`,
    }),
    config: { access: 'flightPlan.read' },
    handler: (req) => flightPlanDetail(app.deps, actorOf(req), req.params.id),
  });
}
