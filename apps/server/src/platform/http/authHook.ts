import { AUTH_COOKIE } from '@linewalker/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, type AuthUser, isAccess, passesAccess } from '../auth/access.ts';
import type { AnonymousCaller, UserActor } from '../auth/actor.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { companies, roles, sessions, users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The domain action this route performs (or `public` / `authenticated`); required on every /api route. */
    access?: Access;
  }
  interface FastifyRequest {
    principal: AuthUser | null;
    /** The caller as services see it; built once by the auth hook (null when not logged in). */
    actor: UserActor | null;
  }
  interface FastifyInstance {
    /** Every /api/v1 route with its access rule, for the docs and the authorization matrix test. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** A WebSocket upgrade (OpenAPI 3 has no operation for one: the swagger plugin leaves it out). */
  websocket?: boolean;
}

export function bearerOrCookie(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return req.cookies?.[AUTH_COOKIE] ?? null;
}

/**
 * The live session behind a token with the user's current role, looked up on every request (so logout, a
 * password reset, a deactivation or a role change apply at once, in every server process): one statement
 * on the sessions primary key, prepared once per connection (PostgreSQL parses and plans it once, and
 * drizzle does not rebuild it per request).
 */
function principalLoader(db: Db, tokens: TokenService) {
  const prepare = () =>
    db
      .select({
        userId: users.id,
        roleId: users.roleId,
        roleName: roles.roleName,
        companyId: users.companyId,
        companyName: companies.companyName,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        status: users.status,
        companyDeleted: companies.deletedDate,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sid')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
      .prepare('load_principal');
  // Prepared on first use, not at registration: the database may not be open yet when routes are set up.
  let lookup: ReturnType<typeof prepare> | undefined;

  return async (token: string): Promise<AuthUser | null> => {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    lookup ??= prepare();
    const [row] = await lookup.execute({ sid: claims.sid, userId: claims.userId });
    // An inactive user, or a user of a deactivated customer company, has no session (spec 3 §4).
    if (row?.status !== 1 || row.companyDeleted !== null) return null;
    return {
      userId: row.userId,
      roleId: row.roleId,
      roleName: row.roleName as AuthUser['roleName'],
      companyId: row.companyId,
      companyName: row.companyName,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      sessionId: claims.sid,
      sessionExpiresAt: row.expiresAt,
    };
  };
}

/**
 * Deny by default: an /api route without a declared access (a domain action, `public` or `authenticated`) is
 * refused at registration, and every request is checked against its action's role rule before the handler runs.
 */
export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('actor', null);
  const loadPrincipal = principalLoader(db, tokens);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    const access = route.config?.access;
    if (!isAccess(access)) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        const websocket = (route as { websocket?: boolean }).websocket === true;
        apiRoutes.push({ method, url: route.url, access, ...(websocket ? { websocket } : {}) });
      }
    }
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!req.routeOptions.url?.startsWith('/api/v1')) return;
    const token = bearerOrCookie(req);
    req.principal = token ? await loadPrincipal(token) : null;
    req.actor = req.principal ? actorFrom(req, req.principal) : null;
    if (access === 'public') return;
    if (!req.principal) throw unauthorized();
    if (!isAccess(access) || !passesAccess(access, req.principal)) throw forbidden();
  });
}

function actorFrom(req: FastifyRequest, p: AuthUser): UserActor {
  return {
    kind: 'user',
    userId: p.userId,
    roleId: p.roleId,
    roleName: p.roleName,
    companyId: p.companyId,
    ip: req.ip,
    requestId: req.id,
  };
}

/** The logged-in caller of a route whose access rule is not `public` (the hook has refused anyone else). */
export function actorOf(req: FastifyRequest): UserActor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

/** Who calls a public route (login, forgot-password): an address and a request id. */
export const callerOf = (req: FastifyRequest): AnonymousCaller => ({ ip: req.ip, requestId: req.id });
