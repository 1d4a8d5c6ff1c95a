import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { createProjectViaApi, projectRow, uniqueName } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

const rowNames = async (page: Page) =>
  (await page.getByTestId('project-name').allTextContents()).map((t) => t.trim());

const search = (page: Page) => page.getByRole('textbox', { name: 'Search projects by name' });

test.beforeEach(async ({ page }) => {
  await loginAs(page, ACCOUNTS.superAdmin.email);
});

/** All Projects with its rows shown; journeys that need a project of their own make it first (no reload). */
async function openProjects(page: Page): Promise<void> {
  await page.goto('/projects');
  await expect(page.getByTestId('project-row').first()).toBeVisible();
}

test('All Projects shows the stat tiles, filters and columns, sorted by name', async ({ page }) => {
  await openProjects(page);
  await expect(page.getByRole('heading', { name: 'All Projects' })).toBeVisible();
  for (const tile of ['Active', 'Starting Next Week', 'Late', 'Early', 'On Schedule']) {
    await expect(page.getByRole('group', { name: new RegExp(`^${tile}: \\d+$`) })).toBeVisible();
  }
  for (const filter of ['All', 'In Progress', 'Complete', 'Late', 'Archived']) {
    await expect(page.getByRole('button', { name: filter, exact: true })).toBeVisible();
  }
  const headers = ['Name', 'State', 'Structures', 'Pilots', 'Progress', 'End Date', 'Created Date'];
  await expect(page.getByRole('columnheader')).toHaveText([...headers, 'Actions']);

  // Default sort: project_name ascending; a second click on Name reverses it.
  const names = await rowNames(page);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US', { numeric: true })));
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  expect(await rowNames(page)).toEqual([...names].reverse());

  // Dates read MM/DD/YYYY.
  await expect(page.getByTestId('project-row').first().locator('td').nth(5)).toHaveText(
    /^\d{2}\/\d{2}\/\d{4}$/,
  );

  // A filter shows only its state; Late shows the demo's late project.
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Complete', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const state of await page.getByTestId('project-row').locator('td:nth-child(2)').allTextContents()) {
    expect(state).toBe('Complete');
  }
  await page.getByRole('button', { name: 'Late', exact: true }).click();
  await expect(projectRow(page, 'Platte Valley Distribution Survey')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
});

test('a row opens its project; archived projects show only under Archived', async ({ page }) => {
  await openProjects(page);
  // The demo's archived project is hidden from every other view.
  await expect(projectRow(page, 'Loup Basin Pole Survey')).toHaveCount(0);
  await page.getByRole('button', { name: 'Archived', exact: true }).click();
  await expect(page.getByTestId('project-row')).toHaveCount(1);
  await expect(projectRow(page, 'Loup Basin Pole Survey')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();

  await projectRow(page, 'Smoky Hill Transmission Patrol').click();
  await expect(page).toHaveURL('/projects/smoky-hill-transmission-patrol');
  await expect(page.getByRole('heading', { name: 'Smoky Hill Transmission Patrol' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
});

test('archiving asks for confirmation; unarchiving is immediate', async ({ page }) => {
  const name = uniqueName('Archive Journey');
  await createProjectViaApi(page, name);
  await openProjects(page);
  await search(page).fill(name);
  await expect(projectRow(page, name)).toBeVisible();

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive Project' }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive Project' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(projectRow(page, name)).toBeVisible();

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive Project' }).click();
  await confirm.getByRole('button', { name: 'Archive Project' }).click();
  await expect(confirm).toBeHidden();
  await expect(projectRow(page, name)).toHaveCount(0);
  await expect(page.getByText('No project matches your search')).toBeVisible();

  await page.getByRole('button', { name: 'Archived', exact: true }).click();
  await expect(projectRow(page, name)).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit Project' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Unarchive Project' }).click();
  // No confirmation: the project leaves the Archived view at once.
  await expect(projectRow(page, name)).toHaveCount(0);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(projectRow(page, name)).toBeVisible();
});

test('Edit Project opens the saved values and Submit saves a change', async ({ page }) => {
  const name = uniqueName('Edit Journey');
  await createProjectViaApi(page, name);
  await openProjects(page);
  await search(page).fill(name);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit project' });
  await expect(dialog.getByLabel('Job Name')).toHaveValue(name);
  await expect(dialog.getByLabel('Closest City')).toHaveValue('Ord');
  await dialog.getByLabel('Closest City').fill('Grand Island');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();

  await projectRow(page, name).click();
  await expect(page.getByText('Grand Island')).toBeVisible();
});
