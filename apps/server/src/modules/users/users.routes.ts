import { endpoints, USER_MESSAGES } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './users.service.ts';

const tags = ['Users and login'];

const SAVE_RULES =
  'Rules (spec 3 §5): first and last name 2–50 characters; a valid email, unique case-insensitively ' +
  `(409 email_taken '${USER_MESSAGES.emailTaken}', also when another save took it at the same moment); ` +
  'phone of at least 10 characters matching the phone pattern; start_date and pilot.license_expiration as ' +
  "'YYYY-MM-DD' or a timestamp (the web sends noon UTC) and stored as that UTC day; company 1 takes any role " +
  'but Customer, any other company only the Customer role; only company-1 users may be pilots (a customer ' +
  'cannot be a pilot). Pilot attribute names not known yet are added. The home base is stored as text ' +
  '(its coordinates are geocoded elsewhere). Every change writes an audit record.';

export async function usersRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const db = deps.database.db;
  const api = endpoints.users;

  app.route({
    ...endpointRoute(api.list, {
      tags,
      summary: 'Users, searched, sorted and paged',
      description:
        'Super admins and project managers (who open the Users page); customers and other staff 403. ' +
        'search matches part of the full name, the email or the company name (any case); sort by name ' +
        '(first, then last), email, phone, role (display name), company, status or last_login, with empty ' +
        'values last; total counts every match.',
    }),
    config: { access: 'user.list' },
    handler: (req) => service.listUsers(db, actorOf(req), req.query),
  });

  app.route({
    ...endpointRoute(api.create, {
      tags,
      summary: 'Create a user',
      description:
        'Super admins only. An active new user is sent an invitation e-mail with a single-use set-password ' +
        `link (/set-password, valid ${service.INVITATION_DAYS} days); no password is ever set or sent. ` +
        SAVE_RULES,
    }),
    config: { access: 'user.manage' },
    handler: (req) => service.createUser(deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.update, {
      tags,
      summary: 'Save a user',
      description:
        'Super admins only; 404 for an unknown id. Status 0 deactivates the user: their sessions end in the ' +
        'same transaction and they cannot log in. Activating a user who never set a password sends a new ' +
        'invitation. delete_pilot ends the pilot record (pilot_deleted_date); pilot null keeps it as it is. ' +
        'A super admin cannot deactivate themself or change their own role. ' +
        SAVE_RULES,
    }),
    config: { access: 'user.manage' },
    handler: (req) => service.updateUser(deps, actorOf(req), req.body),
  });

  app.route({
    ...endpointRoute(api.byEmail, {
      tags,
      summary: 'The user with this email, or null',
      description:
        'For the pilot form (spec 3 §5): a known email prefills the pilot and locks name and phone. Super ' +
        'admins and project managers (who open the user and pilot forms). Matches case-insensitively.',
    }),
    config: { access: 'user.lookup' },
    handler: async (req) => ({ user: await service.userByEmail(db, actorOf(req), req.params.email) }),
  });

  app.route({
    ...endpointRoute(api.emailInUse, {
      tags,
      summary: 'Whether a user already has this email',
      description:
        'The debounced uniqueness check of the user and pilot forms; case-insensitive. Super admins and ' +
        'project managers (who open those forms).',
    }),
    config: { access: 'user.lookup' },
    handler: async (req) => ({ inUse: await service.emailInUse(db, actorOf(req), req.params.email) }),
  });

  app.route({
    ...endpointRoute(api.pilotAttributes, {
      tags: ['Pilots'],
      summary: 'Pilot proficiencies, certifications and skills',
      description:
        "Every known attribute ('prof', 'cert', 'skill'), by type and name; the pilot form offers them in " +
        'its tag inputs. Staff only.',
    }),
    config: { access: 'pilot.attribute.list' },
    handler: (req) => service.listPilotAttributes(db, actorOf(req)),
  });
}
