import { type Action, POLICY, type Principal } from '@linewalker/domain';

/**
 * What a route needs, declared on every route under /api (an undeclared one fails at start and in the
 * authorization matrix test): the domain action it performs (`packages/domain/src/policy.ts`), whose role
 * rule the auth hook applies before the handler runs; or, for a route that acts on no object of the
 * policy (login, the caller's own session, lookup lists), `public` or `authenticated`. The services apply
 * the same action to every object they load (`require.ts`), where another company's object answers 404.
 */
export type Access = 'public' | 'authenticated' | Action;

export const isAccess = (value: unknown): value is Access =>
  typeof value === 'string' &&
  (value === 'public' || value === 'authenticated' || Object.hasOwn(POLICY, value));

/** Whether a logged-in caller passes a route's declared access (its action's role rule). */
export const passesAccess = (access: Exclude<Access, 'public'>, p: Principal): boolean =>
  access === 'authenticated' || POLICY[access](p);

export interface AuthUser extends Principal {
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  sessionExpiresAt: Date;
}
