import { z } from 'zod';
import { PositiveId } from './common.ts';
import { ROLE_NAMES } from './roles.ts';
import { Text } from './text.ts';

export const LOGIN_LIMITS = { userNameMin: 2, passwordMin: 4 } as const;
export const RESET_PASSWORD_MIN = 8;

export const LoginRequest = z.object({
  email: Text().trim().min(LOGIN_LIMITS.userNameMin).max(254),
  password: Text().min(LOGIN_LIMITS.passwordMin).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The decoded session the web reads (spec 1 §3 'Session token'). */
export const Session = z.object({
  userId: z.number().int(),
  roleId: z.number().int(),
  roleName: z.enum(ROLE_NAMES),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type Session = z.infer<typeof Session>;

/** Whether the caller is logged in: answered to anyone, so a logged-out page load is not an error. */
export const SessionState = z.object({ session: Session.nullable() });
export type SessionState = z.infer<typeof SessionState>;

export const LoginResponse = z.object({ token: z.string(), session: Session });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ForgotPasswordRequest = z.object({ email: Text().pipe(z.email().max(254)) });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const RESET_CODES = ['USED_TOKEN', 'EXPIRED_TOKEN', 'BAD_TOKEN'] as const;
export type ResetCode = (typeof RESET_CODES)[number];
/** The error code a reset failure answers with (its `status` field keeps the spec's upper-case name). */
export const RESET_ERROR_CODES = {
  USED_TOKEN: 'used_token',
  EXPIRED_TOKEN: 'expired_token',
  BAD_TOKEN: 'bad_token',
} as const satisfies Record<ResetCode, string>;

export const ResetPasswordRequest = z.object({
  userId: PositiveId,
  token: Text().min(1).max(200),
  password: Text().min(RESET_PASSWORD_MIN, 'Require password of at least 8 characters.').max(1024),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ResendResetRequest = z.object({ userId: PositiveId });
export type ResendResetRequest = z.infer<typeof ResendResetRequest>;

export const ResetPasswordFailure = z.object({
  code: z.string(),
  status: z.enum(RESET_CODES),
  message: z.string(),
});

export const MESSAGES = {
  loginFailed: 'User Name or Password is incorrect',
  checkEmail: 'Check your email for a link to reset your password',
  resetComplete: 'Reset password complete. Please login with your new password.',
  resetUsed:
    'This request has already been fulfilled. Please request another password change with the Forgot Your Password button on the Login dialog.',
  resetUnexpected:
    'Unexpected error resetting password. Please request another password change with the Forgot Your Password button on the Login dialog.',
  resetExpired: 'Reset links expire for security. Request a new link below.',
  passwordsDiffer: 'Password field does not match Confirm Password.',
  weakPassword: 'Require password of at least 8 characters.',
  logoutConfirm: 'Are you sure you want to logout?',
} as const;

/** The message shown for a reset failure code (spec 3 §8). */
export function resetFailureMessage(code: string): string {
  if (code === 'USED_TOKEN') return MESSAGES.resetUsed;
  if (code === 'EXPIRED_TOKEN') return MESSAGES.resetExpired;
  return MESSAGES.resetUnexpected;
}

export const AUTH_COOKIE = 'linewalker_session';
