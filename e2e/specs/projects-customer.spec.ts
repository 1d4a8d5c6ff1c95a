import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { projectRow } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

test('a customer sees only their company’s projects and no create controls', async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer.email);
  await page.goto('/projects');
  await expect(page.getByTestId('project-row').first()).toBeVisible();

  // The demo gives Northern Plains three open projects and one archived (other journeys may add more,
  // e.g. a bid's project); the other company's are hidden.
  for (const name of [
    'Platte Valley Distribution Survey',
    'Republican River Rebuild',
    'Smoky Hill Transmission Patrol',
  ]) {
    await expect(projectRow(page, name)).toBeVisible();
  }
  await expect(projectRow(page, 'Wenatchee Feeder Survey')).toHaveCount(0);
  await expect(projectRow(page, 'Yakima Canyon Arm Survey')).toHaveCount(0);

  await expect(page.getByRole('button', { name: 'Create New Project' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Archived', exact: true }).click();
  await expect(projectRow(page, 'Loup Basin Pole Survey')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);

  // Another company's project cannot be opened by its address either.
  await page.goto('/projects/wenatchee-feeder-survey');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
});

test('a customer’s project page offers Overview, Inspect and Delivery', async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer.email);
  await page.goto('/projects/republican-river-rebuild');
  await expect(page.getByRole('heading', { name: 'Republican River Rebuild' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Inspect', 'Delivery']);
  await expect(page.getByRole('main').getByRole('link', { name: 'All Projects', exact: true })).toHaveCount(
    0,
  );

  // A sub-page the role may not see says so, with a way to the overview.
  await page.goto('/projects/republican-river-rebuild/assignment');
  await expect(page.getByRole('heading', { name: 'You do not have access to this section' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the project overview' }).click();
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
});
