import type { RoleName } from '@linewalker/domain';

/**
 * Who is doing something: built once per request by the auth hook, or `systemActor` for background
 * jobs. Services, audit and repositories take an Actor, never the HTTP request, so jobs, CLIs and tests
 * call them directly.
 */
export interface UserActor {
  kind: 'user';
  userId: number;
  roleId: number;
  roleName: RoleName;
  companyId: number;
  /** The caller's address as the server trusts it (see TRUST_PROXY); null when not from HTTP. */
  ip: string | null;
  /** The request (or job) id that log lines and error bodies carry. */
  requestId: string;
}

/** Background work that no user started directly (a job acting for a user carries that user instead). */
export interface SystemActor {
  kind: 'system';
  userId: null;
  roleId: null;
  roleName: 'system';
  companyId: null;
  ip: null;
  requestId: string;
}

export type Actor = UserActor | SystemActor;

export const systemActor = (requestId = 'system'): SystemActor => ({
  kind: 'system',
  userId: null,
  roleId: null,
  roleName: 'system',
  companyId: null,
  ip: null,
  requestId,
});

/** An anonymous caller (public routes such as login): no user, but an address and a request id. */
export interface AnonymousCaller {
  ip: string;
  requestId: string;
}
