import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('a password reset request shows up as a finished job on the Jobs page, and the filters narrow the list', async ({
  page,
  openPage,
}) => {
  // Anyone asks for a reset link: the server queues an auth.password-reset job and a worker runs it.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  const dialog = page.getByRole('dialog', { name: "What's My Password?" });
  await dialog.getByLabel('Email').fill('nobody-at-all@example.test');
  await dialog.getByRole('button', { name: 'Send My Password' }).click();
  await expect(page.getByText('Check your email for a link to reset your password')).toBeVisible();

  const admin = await openPage();
  await loginAs(admin, ACCOUNTS.superAdmin.email);
  await admin.goto('/admin/jobs');
  await expect(admin.getByRole('heading', { name: 'Jobs' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: 'auth.password-reset' }).first();
  // The list refreshes by itself while the job runs.
  await expect(row.getByText('succeeded')).toBeVisible();

  await admin.getByRole('combobox', { name: 'State' }).click();
  await admin.getByRole('option', { name: 'failed' }).click();
  await expect(admin).toHaveURL(/state=failed/);
  await expect(admin.getByText('No job matches these filters.')).toBeVisible();
});
