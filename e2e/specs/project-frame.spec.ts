import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';
import { closeViewer, viewer } from '../support/viewer.ts';

test('the project is found by its slug in any case; an unknown slug says so', async ({ page }) => {
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/projects/SMOKY-Hill-transmission-patrol');
  await expect(page.getByRole('heading', { name: 'Smoky Hill Transmission Patrol' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'Overview',
    'Pilots',
    'Assignment',
    'Upload',
    'Inspect',
    'Delivery',
  ]);
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(page.getByTestId('project-dates')).toHaveText(/^\d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('group', { name: 'Total Structures' })).toContainText(/\d/);

  await page.goto('/projects/no-such-project');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to All Projects' }).click();
  await expect(page).toHaveURL('/projects');
});

test('sub-pages: Pilots inside the frame, inspectionId opens Inspect, All Projects goes back', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects/smoky-hill-transmission-patrol');
  await page.getByRole('tab', { name: 'Pilots' }).click();
  await expect(page).toHaveURL('/projects/smoky-hill-transmission-patrol/pilots');
  await expect(page.getByLabel('Search pilots')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('project-pilot-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Smoky Hill Transmission Patrol' })).toBeVisible();

  await page.goto('/projects/smoky-hill-transmission-patrol?inspectionId=1');
  await expect(page.getByRole('tab', { name: 'Inspect', selected: true })).toBeVisible();
  // The linked inspection opens in the viewer; closing it leaves the user on the Inspect sub-page.
  await expect(viewer(page)).toBeVisible({ timeout: 30_000 });
  await closeViewer(page);
  await expect(page).toHaveURL('/projects/smoky-hill-transmission-patrol/inspect');

  await page.getByRole('main').getByRole('link', { name: 'All Projects', exact: true }).click();
  await expect(page).toHaveURL('/projects');
});

test('an inspector sees Overview, Upload and Inspect; a forbidden or unknown section says so', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.inspector.email);
  await page.goto('/projects/smoky-hill-transmission-patrol/pilots');
  // The first page of a session: on a busy machine it can take a while to draw.
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Upload', 'Inspect'], { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'You do not have access to this section' })).toBeVisible();
  await expect(page.getByText('Your role does not include the Pilots section')).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);

  await page.goto('/projects/smoky-hill-transmission-patrol/bogus');
  await expect(page.getByRole('heading', { name: 'Section not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the project overview' }).click();
  await expect(page).toHaveURL('/projects/smoky-hill-transmission-patrol');
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
});
