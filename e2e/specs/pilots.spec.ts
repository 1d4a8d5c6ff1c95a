import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { createProjectViaApi, slugOf, uniqueName } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

const stamp = Date.now().toString(36);
const digits = String(Date.now() % 10000).padStart(4, '0');
const PILOT = {
  first: 'Quinn',
  last: `Avery${stamp.slice(-4).replace(/\d/g, 'x')}`,
  email: `quinn.avery.${stamp}@example.test`,
  phone: `(719) 555-${digits}`,
};

/** The scheduling link of the newest text message to `phone`, read by a super admin in the outbox. */
async function textedLink(admin: Page, phone: string): Promise<string> {
  await admin.goto('/admin/outbox');
  await admin
    .getByRole('button', { name: `View message to ${phone}` })
    .first()
    .click({ timeout: 60_000 });
  const message = admin.getByRole('dialog', { name: 'Message' });
  await expect(message).toBeVisible({ timeout: 60_000 });
  const href = await message
    .getByRole('link', { name: /\/scheduling-response\?token=/ })
    .getAttribute('href');
  await admin.keyboard.press('Escape');
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

test('a project manager adds a pilot, asks them by text, and the pilot answers Yes from the link', async ({
  page,
  openPage,
}) => {
  // Three browser sessions and two maps; on a busy shared machine a cold page can take tens of seconds.
  test.setTimeout(8 * 60_000);
  await loginAs(page, ACCOUNTS.projectManager.email);

  // 1. The pilot directory: a new pilot through the pilot form.
  await page.goto('/pilots');
  await expect(page.getByRole('heading', { name: 'Pilots' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('pilot-stat-active')).not.toContainText('—', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Add A New Pilot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Pilot' });
  await dialog.getByLabel('Email').fill(PILOT.email);
  await dialog.getByLabel('First Name').fill(PILOT.first);
  await dialog.getByLabel('Last Name').fill(PILOT.last);
  await dialog.getByLabel('Phone').fill(PILOT.phone);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('License expiration is required')).toBeVisible();
  await expect(dialog.getByText('Home Base is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'License Expiration' }).click();
  await page.locator('table button:not([data-outside])').filter({ hasText: /^15$/ }).first().click();
  await dialog.getByLabel('Home Base').fill('Pueblo, CO');
  await dialog.getByLabel('Certifications').fill('FAA Part 107 Remote Pilot');
  await dialog.getByLabel('Certifications').press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await page.getByLabel('Search pilots').fill(PILOT.last);
  await expect(page.getByTestId('pilot-row')).toHaveCount(1);
  await expect(page.getByTestId('pilot-row')).toContainText('Pueblo, CO');

  // 2. The project's Pilots tab: Check Availability texts the pilot.
  const projectName = uniqueName('Pilot Journey');
  await createProjectViaApi(page, projectName);
  await page.goto(`/projects/${slugOf(projectName)}/pilots`);
  await page.getByLabel('Search pilots').fill(PILOT.last);
  const row = page.getByTestId('project-pilot-row');
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  await expect(row).toContainText('No Requests Sent');
  await expect(row).toContainText('FAA Part 107 Remote…');
  await row.getByRole('button', { name: 'Check Availability' }).click();
  await expect(row).toContainText('Waiting Pilot Response', { timeout: 60_000 });
  await expect(row.getByRole('button', { name: 'Check Availability' })).toHaveCount(0);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);

  // 3. A super admin reads the text message in the outbox; the pilot opens its link without logging in.
  const admin = await openPage();
  await loginAs(admin, ACCOUNTS.superAdmin.email);
  const link = await textedLink(admin, PILOT.phone);
  const pilotPage = await openPage();
  await pilotPage.goto(link);
  await expect(pilotPage.getByRole('heading', { name: 'Scheduling Response' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(pilotPage.getByText(projectName)).toBeVisible({ timeout: 60_000 });
  await expect(pilotPage.getByText('Ord')).toBeVisible();
  await expect(pilotPage.getByText('Are you able to work these dates for this project?')).toBeVisible();
  await pilotPage.getByRole('button', { name: 'Yes' }).click();
  await expect(pilotPage.getByText('Saved')).toBeVisible({ timeout: 60_000 });
  // The link is single-use.
  await pilotPage.reload();
  await expect(pilotPage.getByText('This scheduling request has already been answered.')).toBeVisible();
  await expect(pilotPage.getByRole('button', { name: 'Yes' })).toHaveCount(0);
  // …and a used link shows nothing more of the project.
  await expect(pilotPage.getByText(projectName)).toHaveCount(0);
  await expect(pilotPage.getByText('Ord')).toHaveCount(0);

  // 4. The manager sees 'Pilot Accepted', assigns the pilot, and unassigns them again.
  await page.reload();
  await page.getByLabel('Search pilots').fill(PILOT.last);
  await expect(row).toContainText('Pilot Accepted', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Assign' }).click();
  await expect(row).toContainText('Pilot Assigned', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Unassign' }).click();
  await expect(row).toContainText('Pilot Accepted', { timeout: 60_000 });
});
