import { ApiError, AUTH_COOKIE, endpoints, ok, ResetPasswordFailure } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf, callerOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { createAuthLimiters, sweepPeriodically } from '../../platform/http/rateLimiter.ts';
import { AuthService, sessionOf } from './auth.service.ts';

const tags = ['Users and login'];

export async function authRoutes(app: App): Promise<void> {
  const api = endpoints.auth;
  const limiters = createAuthLimiters(app.deps.database.db);
  const stopSweeping = sweepPeriodically(Object.values(limiters));
  app.addHook('onClose', async () => stopSweeping());
  const auth = new AuthService(app.deps, limiters);
  const secureCookie = app.deps.config.publicUrl.startsWith('https://');

  app.route({
    ...endpointRoute(api.login, {
      tags,
      summary: 'Log in with e-mail (user name) and password',
      errors: { 403: ApiError, 429: ApiError },
    }),
    config: { access: 'public' },
    handler: async (req, reply) => {
      const result = await auth.login(
        { ...callerOf(req), userAgent: req.headers['user-agent'] ?? null },
        req.body.email,
        req.body.password,
      );
      reply.setCookie(AUTH_COOKIE, result.token, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure: secureCookie,
        expires: new Date(result.session.expiresAt),
      });
      return result;
    },
  });

  app.route({
    ...endpointRoute(api.logout, {
      tags,
      summary: 'End the current session',
    }),
    config: { access: 'authenticated' },
    handler: async (req, reply) => {
      await auth.logout(actorOf(req), req.principal!.sessionId);
      reply.clearCookie(AUTH_COOKIE, { path: '/' });
      return ok;
    },
  });

  app.route({
    ...endpointRoute(api.me, {
      tags,
      summary: 'The decoded session of the caller',
    }),
    config: { access: 'authenticated' },
    handler: async (req) => sessionOf(req.principal!),
  });

  app.route({
    ...endpointRoute(api.sessionState, {
      tags,
      summary: "The caller's session, or null when not logged in",
      description:
        'What the web app asks on every page load. Unlike /users/me it answers 200 to anyone, so a ' +
        'logged-out visit is not a failed request.',
    }),
    config: { access: 'public' },
    handler: async (req) => ({ session: req.principal ? sessionOf(req.principal) : null }),
  });

  app.route({
    ...endpointRoute(api.forgotPassword, {
      tags,
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
      errors: { 429: ApiError },
    }),
    config: { access: 'public' },
    handler: async (req) => {
      await auth.forgotPassword(callerOf(req), req.body.email);
      return ok;
    },
  });

  app.route({
    ...endpointRoute(api.resendResetPassword, {
      tags,
      summary: 'E-mail a new reset link to a user whose link expired',
      errors: { 429: ApiError },
    }),
    config: { access: 'public' },
    handler: async (req) => {
      await auth.resendResetPassword(callerOf(req), req.body.userId);
      return ok;
    },
  });

  app.route({
    ...endpointRoute(api.resetPassword, {
      tags,
      summary: 'Set a new password with a single-use reset token',
      description: 'Failures answer 400 with `status` USED_TOKEN, EXPIRED_TOKEN or BAD_TOKEN.',
      errors: { 400: ResetPasswordFailure },
    }),
    config: { access: 'public' },
    handler: async (req) => {
      await auth.resetPassword(callerOf(req), req.body.userId, req.body.token, req.body.password);
      return ok;
    },
  });
}
