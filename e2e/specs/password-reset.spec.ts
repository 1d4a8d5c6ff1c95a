import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.ts';
import { loginThroughForm, submitLogin } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

const USED_TOKEN =
  'This request has already been fulfilled. Please request another password change with the Forgot Your Password button on the Login dialog.';

/** A super admin opens the newest message to `recipient` in /admin/outbox and reads its link. */
async function readResetLink(admin: Page, recipient: string): Promise<string> {
  await loginThroughForm(admin, ACCOUNTS.superAdmin.email);
  await admin.goto('/admin/outbox');
  await admin
    .getByRole('button', { name: `View message to ${recipient}` })
    .first()
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Reset your Linewalker password' });
  const href = await dialog.getByRole('link', { name: /\/reset-password\?/ }).getAttribute('href');
  expect(href).toBeTruthy();
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

test('forgot password → link from the outbox → new password → login; the link works only once', async ({
  page,
  openPage,
}) => {
  test.slow(); // a whole journey through two browser sessions
  const { email } = ACCOUNTS.resetPilot;
  const newPassword = 'fresh-Passw0rd';

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  const dialog = page.getByRole('dialog', { name: "What's My Password?" });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send My Password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Check your email for a link to reset your password')).toBeVisible();

  const link = await readResetLink(await openPage(), email);
  expect(link).toMatch(/^\/reset-password\?token=[^&]+&userId=\d+$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  const password = page.getByLabel('New Password');
  const confirm = page.getByLabel('Confirm Password');

  // The local checks come first and make no call.
  await password.fill('short');
  await confirm.fill('short');
  await confirm.press('Enter');
  await expect(page.getByText('Require password of at least 8 characters.')).toBeVisible();
  await password.fill(newPassword);
  await confirm.fill(`${newPassword}x`);
  await confirm.press('Enter');
  await expect(page.getByText('Password field does not match Confirm Password.')).toBeVisible();

  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Reset password complete. Please login with your new password.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL('/login');

  // The old password no longer works; the new one does.
  await submitLogin(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('User Name or Password is incorrect');
  await submitLogin(page, email, newPassword);
  await expect(page).toHaveURL('/projects');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Reusing the link is refused with the USED_TOKEN message.
  await page.goto(link);
  await page.getByLabel('New Password').fill('another-Passw0rd');
  await page.getByLabel('Confirm Password').fill('another-Passw0rd');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(USED_TOKEN);
});

test('a reset link without its token shows the unexpected-error message', async ({ page }) => {
  await page.goto('/reset-password?userId=3');
  await expect(page.getByRole('alert')).toHaveText(
    'Unexpected error resetting password. Please request another password change with the Forgot Your Password button on the Login dialog.',
  );
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL('/login');
});
