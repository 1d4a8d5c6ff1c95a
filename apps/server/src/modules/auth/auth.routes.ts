import {
  ApiError,
  AUTH_COOKIE,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  Ok,
  ok,
  ResendResetRequest,
  ResetPasswordFailure,
  ResetPasswordRequest,
  Session,
  SessionState,
} from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf, callerOf } from '../../platform/http/authHook.ts';
import { createAuthLimiters, sweepPeriodically } from '../../platform/http/rateLimiter.ts';
import { AuthService, sessionOf } from './auth.service.ts';

const tags = ['Users and login'];

export async function authRoutes(app: App): Promise<void> {
  const limiters = createAuthLimiters(app.deps.database.db);
  const stopSweeping = sweepPeriodically(Object.values(limiters));
  app.addHook('onClose', async () => stopSweeping());
  const auth = new AuthService(app.deps, limiters);
  const secureCookie = app.deps.config.publicUrl.startsWith('https://');

  app.post(
    '/users/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in with e-mail (user name) and password',
        body: LoginRequest,
        response: { 200: LoginResponse, 403: ApiError, 429: ApiError },
      },
    },
    async (req, reply) => {
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
  );

  app.post(
    '/users/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'End the current session', response: { 200: Ok } },
    },
    async (req, reply) => {
      await auth.logout(actorOf(req), req.principal!.sessionId);
      reply.clearCookie(AUTH_COOKIE, { path: '/' });
      return ok;
    },
  );

  app.get(
    '/users/me',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The decoded session of the caller', response: { 200: Session } },
    },
    async (req) => sessionOf(req.principal!),
  );

  app.get(
    '/session',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The caller's session, or null when not logged in",
        description:
          'What the web app asks on every page load. Unlike /users/me it answers 200 to anyone, so a ' +
          'logged-out visit is not a failed request.',
        response: { 200: SessionState },
      },
    },
    async (req) => ({ session: req.principal ? sessionOf(req.principal) : null }),
  );

  app.post(
    '/users/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        body: ForgotPasswordRequest,
        response: { 200: Ok, 429: ApiError },
      },
    },
    async (req) => {
      await auth.forgotPassword(callerOf(req), req.body.email);
      return ok;
    },
  );

  app.post(
    '/users/resend-reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a new reset link to a user whose link expired',
        body: ResendResetRequest,
        response: { 200: Ok, 429: ApiError },
      },
    },
    async (req) => {
      await auth.resendResetPassword(callerOf(req), req.body.userId);
      return ok;
    },
  );

  app.post(
    '/users/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with a single-use reset token',
        description: 'Failures answer 400 with `status` USED_TOKEN, EXPIRED_TOKEN or BAD_TOKEN.',
        body: ResetPasswordRequest,
        response: { 200: Ok, 400: ResetPasswordFailure },
      },
    },
    async (req) => {
      await auth.resetPassword(callerOf(req), req.body.userId, req.body.token, req.body.password);
      return ok;
    },
  );
}
