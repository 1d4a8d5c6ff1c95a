import { describe, expect, it } from 'vitest';
import {
  ForgotPasswordRequest,
  LoginRequest,
  MESSAGES,
  ResetPasswordRequest,
  resetFailureMessage,
} from './auth.ts';

describe('LoginRequest', () => {
  it('needs a user name of at least 2 and a password of at least 4 characters', () => {
    expect(LoginRequest.safeParse({ email: 'ab', password: '1234' }).success).toBe(true);
    expect(LoginRequest.safeParse({ email: 'a', password: '1234' }).success).toBe(false);
    expect(LoginRequest.safeParse({ email: 'ab', password: '123' }).success).toBe(false);
  });
  it('trims the user name', () => {
    expect(LoginRequest.parse({ email: '  pm@x.test ', password: 'abcd' }).email).toBe('pm@x.test');
  });
});

describe('ForgotPasswordRequest', () => {
  it('needs a valid e-mail shape', () => {
    expect(ForgotPasswordRequest.safeParse({ email: 'pm@example.com' }).success).toBe(true);
    expect(ForgotPasswordRequest.safeParse({ email: 'pm@' }).success).toBe(false);
  });
});

describe('ResetPasswordRequest', () => {
  it('needs at least 8 characters, with the spec message', () => {
    const result = ResetPasswordRequest.safeParse({ userId: 1, token: 't', password: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Require password of at least 8 characters.');
  });
  it('reads userId from a query-string value', () => {
    expect(ResetPasswordRequest.parse({ userId: '12', token: 't', password: 'long-enough' }).userId).toBe(12);
  });
});

describe('resetFailureMessage (spec 3 §8)', () => {
  it('maps USED_TOKEN, EXPIRED_TOKEN and everything else', () => {
    expect(resetFailureMessage('USED_TOKEN')).toBe(
      'This request has already been fulfilled. Please request another password change with the Forgot Your Password button on the Login dialog.',
    );
    expect(resetFailureMessage('EXPIRED_TOKEN')).toBe(MESSAGES.resetExpired);
    for (const code of ['BAD_TOKEN', 'SOMETHING_ELSE']) {
      expect(resetFailureMessage(code)).toBe(
        'Unexpected error resetting password. Please request another password change with the Forgot Your Password button on the Login dialog.',
      );
    }
  });
  it('keeps the other spec texts word for word', () => {
    expect(MESSAGES.loginFailed).toBe('User Name or Password is incorrect');
    expect(MESSAGES.checkEmail).toBe('Check your email for a link to reset your password');
    expect(MESSAGES.resetComplete).toBe('Reset password complete. Please login with your new password.');
    expect(MESSAGES.passwordsDiffer).toBe('Password field does not match Confirm Password.');
    expect(MESSAGES.logoutConfirm).toBe('Are you sure you want to logout?');
  });
});
