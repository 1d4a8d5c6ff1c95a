import { ACCOUNTS } from '../support/accounts.ts';
import { submitLogin } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('a logged-out visitor is sent to login and, after logging in, lands on the page asked for', async ({
  page,
}) => {
  await page.goto('/users?x=1');
  await expect(page).toHaveURL('/login?returnTo=%2Fusers%3Fx%3D1');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await submitLogin(page, ACCOUNTS.projectManager.email);
  await expect(page).toHaveURL('/users?x=1');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('without a return target the user lands on the projects', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/login?returnTo=%2Fprojects');
  await page.goto('/login');
  await submitLogin(page, ACCOUNTS.inspector.email);
  await expect(page).toHaveURL('/projects');
});

test('a return target on another site is ignored', async ({ page }) => {
  await page.goto('/login?returnTo=%2F%2Fevil.example%2Fphish');
  await submitLogin(page, ACCOUNTS.user.email);
  await expect(page).toHaveURL('/projects');
});

test('a logged-in user who opens /login goes on to the projects', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, ACCOUNTS.user.email);
  await expect(page).toHaveURL('/projects');
  await page.goto('/login');
  await expect(page).toHaveURL('/projects');
});
