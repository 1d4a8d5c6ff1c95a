import { z } from 'zod';
import { Role } from '../admin.ts';
import {
  EmailInUse,
  EmailParam,
  PilotAttributeList,
  UserByEmail,
  UserCreateRequest,
  UserListPage,
  UserListQuery,
  UserSaveResponse,
  UserUpdateRequest,
} from '../api/users.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** Users (spec 3 §5–7): roles, the paged list, saving, the email look-ups, the pilot attributes. */
export const usersEndpoints = {
  roles: defineEndpoint({ method: 'GET', path: '/roles', response: z.array(Role) }),
  list: defineEndpoint({ method: 'GET', path: '/users', query: UserListQuery, response: UserListPage }),
  create: defineEndpoint({
    method: 'POST',
    path: '/users/',
    body: UserCreateRequest,
    response: UserSaveResponse,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/users',
    body: UserUpdateRequest,
    response: UserSaveResponse,
  }),
  byEmail: defineEndpoint({
    method: 'GET',
    path: '/users/byEmail/:email',
    params: EmailParam,
    response: UserByEmail,
  }),
  emailInUse: defineEndpoint({
    method: 'GET',
    path: '/users/emailInUse/:email',
    params: EmailParam,
    response: EmailInUse,
  }),
  pilotAttributes: defineEndpoint({
    method: 'GET',
    path: '/pilots/attributes',
    response: PilotAttributeList,
  }),
};
