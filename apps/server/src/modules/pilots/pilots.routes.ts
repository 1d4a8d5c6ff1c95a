import { ApiError, endpoints, SCHEDULING_LINK_DAYS } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf, callerOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { listDirectory, savePilotForm } from './pilots.service.ts';
import * as scheduling from './scheduling.service.ts';

const tags = ['Pilots'];
const WHO = 'Super admins and project managers (who schedule pilots); other staff and customers 403.';
const ON_PROJECT =
  'A project of any company (staff see all); a project that does not exist 404. user_id must be a current ' +
  "pilot (400 'This user is not an active pilot.').";

export async function pilotsRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const db = deps.database.db;
  const api = endpoints.pilots;

  app.route({
    ...endpointRoute(api.directory, {
      tags,
      summary: 'The pilot directory and its stats',
      description:
        `${WHO} Every current pilot (pilot record not deleted), by last name, with the home base's ` +
        'coordinates when known, and the stats of spec 2 §3 (active = every availability but separated).',
    }),
    config: { access: 'pilot.list' },
    handler: (req) => listDirectory(db, actorOf(req)),
  });

  app.route({
    ...endpointRoute(api.save, {
      tags,
      summary: 'Save a pilot from the pilot form',
      description:
        `${WHO} The rules of spec 2 §5 (names 2–50, email, phone pattern, license_expiration required and ` +
        "stored as its UTC day, home base 2–50). A known email (any case) saves that user's pilot record and " +
        'leaves their name and phone; a customer-company user cannot be a pilot (400). A new email creates ' +
        'an operating-company user with the User role, inactive and without a password (no login, no ' +
        'invitation). The home base is placed by latitude/longitude when given (picked on the map), else ' +
        "looked up in the offline US gazetteer ('Denver, CO', 'Denver Colorado', a ZIP code); a name it " +
        'does not know answers 400 home_base_not_found with nothing written. Writes an audit record.',
    }),
    config: { access: 'pilot.save' },
    handler: async (req) => {
      const { pilot, createdUser } = await savePilotForm(deps, actorOf(req), req.body);
      return { ok: true as const, success: true as const, pilot, created_user: createdUser };
    },
  });

  app.route({
    ...endpointRoute(api.project, {
      tags,
      summary: "A project's Pilots tab: every pilot with distance and scheduling status",
      description:
        `${WHO} Every current pilot, nearest first, with distanceFromProjectMeters (great-circle metres from ` +
        "the mean position of the project's structures to the home base; null when either is unknown) and " +
        'the scheduling status on this project (0 No Requests Sent … 5 Error Messaging Pilot).',
    }),
    config: { access: 'pilot.schedule' },
    handler: (req) => scheduling.projectPilots(deps, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.assign, {
      tags,
      summary: 'Assign a pilot to a project',
      description:
        `${WHO} ${ON_PROJECT} Sets status 4 Pilot Assigned; idempotent (two assigns at once both answer ` +
        '200). An archived project 400. Writes an audit record.',
    }),
    config: { access: 'pilot.schedule' },
    handler: (req) => scheduling.assignPilot(deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.unassign, {
      tags,
      summary: 'Unassign a pilot from a project',
      description:
        `${WHO} A project that does not exist 404. The status goes back to what the latest availability ` +
        'request says (0 when none was sent); idempotent. Writes an audit record.',
    }),
    config: { access: 'pilot.schedule' },
    handler: (req) => scheduling.unassignPilot(deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.checkAvailability, {
      tags,
      summary: 'Ask a pilot by text message whether they can work the project',
      description:
        `${WHO} ${ON_PROJECT} Texts the pilot's phone a single-use link to /scheduling-response, valid ` +
        `${SCHEDULING_LINK_DAYS} days, and sets status 1 Waiting Pilot Response. The message goes to the ` +
        'outbox (super admins read it) and a background job sends it through the SMS provider when one is ' +
        'configured; when the provider gives up the status becomes 5 Error Messaging Pilot. Only when no ' +
        'request was sent (or the last could not be delivered) and the pilot is not assigned: else 409 ' +
        'availability_requested with nothing sent. A pilot without a phone 400 no_phone.',
    }),
    config: { access: 'pilot.schedule' },
    handler: (req) => scheduling.checkAvailability(deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.schedulingDetails, {
      tags,
      summary: 'What a scheduling link asks about (the public scheduling response page)',
      description:
        "Anyone holding the link: `id` is the token of the text message's link (the token is the " +
        'permission; only its SHA-256 is stored). Project name, closest city, start and due dates, and ' +
        "whether the link is still 'open' or 'expired'; a link already 'answered' gives the answer and " +
        'nothing of the project. A token never issued 404.',
      errors: { 404: ApiError },
    }),
    config: { access: 'public' },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return scheduling.schedulingDetails(deps, req.params.id);
    },
  });

  app.route({
    ...endpointRoute(api.schedulingResponse, {
      tags,
      summary: "The pilot's answer to a scheduling link",
      description:
        'Anyone holding the link. accept true sets 2 Pilot Accepted, false 3 Pilot Rejected (an assigned ' +
        'pilot who says yes stays 4 Pilot Assigned). Single use: a link already answered answers 400 ' +
        'used_token, an expired one 400 expired_token, an unknown one 404, and none of them changes ' +
        'anything; of two answers sent at once exactly one is taken. Writes an audit record.',
      errors: { 400: ApiError, 404: ApiError },
    }),
    config: { access: 'public' },
    handler: (req) => scheduling.answerScheduling(deps, callerOf(req), req.body),
  });
}
