import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('an unknown address shows "Page not found" with a way back to the projects', async ({ page }) => {
  await loginAs(page, ACCOUNTS.user.email);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'All Projects' }).click();
  await expect(page).toHaveURL('/projects');
});

test('the assets, asset health and remote flight areas open their own pages inside the shell', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.superAdmin.email);
  for (const path of ['/assets', '/asset-health', '/remote-flight']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expect(page.getByRole('main')).not.toContainText('coming soon');
  }
});

test('the super-admin pages tell other roles they have no access', async ({ page }) => {
  await loginAs(page, ACCOUNTS.projectManager.email);
  for (const path of ['/admin/outbox', '/admin/audit', '/admin/jobs']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  }
});

test('public pages open without logging in', async ({ page }) => {
  await page.goto('/scheduling-response?token=abc');
  await expect(page.getByRole('heading', { name: 'Scheduling Response' })).toBeVisible();
  await expect(page).toHaveURL('/scheduling-response?token=abc');

  // /eula leaves the app for our licence PDF.
  const pdf = page.waitForResponse((response) => response.url().endsWith('/eula.pdf'));
  await page.goto('/eula').catch(() => undefined);
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
});

test('/health in the browser is a page of the web app showing the server’s health check', async ({
  page,
}) => {
  await page.goto('/health');
  await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
  const server = page.getByText('Server', { exact: true }).locator('..');
  await expect(server).toContainText('Answering');
  await expect(page.getByText(/^Database: /)).toBeVisible();
});
