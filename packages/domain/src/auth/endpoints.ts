import {
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  ResendResetRequest,
  ResetPasswordRequest,
  Session,
  SessionState,
} from '../auth.ts';
import { Ok } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The auth calls (the server's auth routes and the web's calls to them). */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/users/login',
    body: LoginRequest,
    response: LoginResponse,
  }),
  logout: defineEndpoint({ method: 'POST', path: '/users/logout', response: Ok }),
  me: defineEndpoint({ method: 'GET', path: '/users/me', response: Session }),
  sessionState: defineEndpoint({ method: 'GET', path: '/session', response: SessionState }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/users/forgot-password',
    body: ForgotPasswordRequest,
    response: Ok,
  }),
  resendResetPassword: defineEndpoint({
    method: 'POST',
    path: '/users/resend-reset-password',
    body: ResendResetRequest,
    response: Ok,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/users/reset-password',
    body: ResetPasswordRequest,
    response: Ok,
  }),
};
