import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs, loginThroughForm, submitLogin } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

const stamp = Date.now().toString(36);
const STAFF = {
  first: 'Rowan',
  last: 'Hale',
  email: `rowan.hale.${stamp}@example.test`,
  phone: '(303) 555-0177',
};
const PILOT = {
  first: 'Sky',
  last: 'Mendez',
  email: `sky.mendez.${stamp}@example.test`,
  phone: '303.555.0188',
};
const PASSWORD = 'welcome-Passw0rd';

/** Picks day 15 of the month the picker opens on. */
async function pickDay15(page: Page, dialog: Locator, label: string): Promise<void> {
  await dialog.getByRole('button', { name: label }).click();
  await page.locator('table button:not([data-outside])').filter({ hasText: /^15$/ }).first().click();
}

async function choose(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillDetails(page: Page, dialog: Locator, person: typeof STAFF, role: string): Promise<void> {
  await dialog.getByLabel('First Name').fill(person.first);
  await dialog.getByLabel('Last Name').fill(person.last);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Phone').fill(person.phone);
  await pickDay15(page, dialog, 'Start Date');
  await choose(page, dialog, 'Company', 'Linewalker Aerial Services');
  await choose(page, dialog, 'Role', role);
}

/** The set-password link of the newest mail to `recipient`, read by a super admin in the outbox. */
async function invitationLink(admin: Page, recipient: string): Promise<string> {
  await admin.goto('/admin/outbox');
  await admin
    .getByRole('button', { name: `View message to ${recipient}` })
    .first()
    .click();
  const mail = admin.getByRole('dialog', { name: 'Your Linewalker account' });
  const href = await mail.getByRole('link', { name: /\/set-password\?/ }).getAttribute('href');
  await admin.keyboard.press('Escape');
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

test('a super admin adds a staff user and a pilot, edits them, and deactivation ends the session at once', async ({
  page,
  openPage,
}) => {
  test.slow(); // three people, two browser sessions
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/projects');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const search = page.getByPlaceholder('Search by name, company name or email');

  // 1. A staff user: the email check runs, Save creates them and they are invited.
  await page.getByRole('button', { name: '+ Add A New User' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New User' });
  await fillDetails(page, dialog, { ...STAFF, email: ACCOUNTS.inspector.email }, 'Inspector');
  await expect(dialog.getByText('This email is already registered.')).toBeVisible();
  await dialog.getByLabel('Email').fill(STAFF.email);
  await expect(dialog.getByText('This email is already registered.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await search.fill(STAFF.email);
  const staffRow = page.getByRole('row', { name: `Edit ${STAFF.first} ${STAFF.last}` });
  await expect(staffRow).toContainText('Inspector');
  await expect(staffRow).toContainText('Active');
  await expect(staffRow).toContainText('Never');

  // The invitation's link lets them choose a password; they log in in a second browser.
  const link = await invitationLink(page, STAFF.email);
  const staffPage = await openPage();
  await staffPage.goto(link);
  // An invitation sets a first password: its own page and words, not 'Reset Password'.
  await expect(staffPage.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await expect(staffPage).toHaveTitle(/^Set Your Password/);
  await expect(staffPage.getByText(/An account was created for you/)).toBeVisible();
  await expect(staffPage.getByText('Reset Password')).toHaveCount(0);
  await staffPage.getByLabel('New Password').fill(PASSWORD);
  await staffPage.getByLabel('Confirm Password').fill(PASSWORD);
  await staffPage.getByRole('button', { name: 'Set Password' }).click();
  await expect(
    staffPage.getByText('Your password is set. Please login with your e-mail address and new password.'),
  ).toBeVisible();
  // Their first login, through the form the reset page sends them to.
  await loginThroughForm(staffPage, STAFF.email, PASSWORD);
  await expect(staffPage).toHaveURL('/projects');

  // 2. A pilot, through both steps.
  await page.goto('/users');
  await page.getByRole('button', { name: '+ Add A New User' }).click();
  dialog = page.getByRole('dialog', { name: 'Add New User' });
  await fillDetails(page, dialog, PILOT, 'User');
  await dialog.getByRole('switch', { name: /Pilot/ }).check();
  await dialog.getByLabel('First Name').fill('S');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Minimum character is 2')).toBeVisible(); // Next waits for step one
  await dialog.getByLabel('First Name').fill(PILOT.first);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 2 of 2: Pilot details')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('License expiration is required')).toBeVisible();
  await expect(dialog.getByText('Home Base is required')).toBeVisible();
  await choose(page, dialog, 'Availability', 'Training');
  await pickDay15(page, dialog, 'License Expiration');
  await dialog.getByLabel('Home Base').fill('Pueblo, CO');
  await dialog.getByLabel('Aircraft').fill('Skydio X10');
  await dialog.getByLabel('Proficiencies').fill('Night operations');
  await dialog.getByLabel('Proficiencies').press('Enter');
  await dialog.getByLabel('Skills').fill('LiDAR mapping');
  await dialog.getByLabel('Skills').press('Tab');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await search.fill(PILOT.email);
  const pilotRow = page.getByRole('row', { name: `Edit ${PILOT.first} ${PILOT.last}` });
  await expect(pilotRow).toContainText('Pilot');
  await pilotRow.click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByRole('switch', { name: /Pilot/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Home Base')).toHaveValue('Pueblo, CO');
  await expect(dialog.getByText('Night operations')).toBeVisible();
  await expect(dialog.getByText('LiDAR mapping')).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  // Turning the toggle off ends the pilot record (delete_pilot).
  await dialog.getByRole('switch', { name: /Pilot/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(pilotRow).not.toContainText('Pilot');

  // 3. Edit the staff user, then deactivate them: their open session ends at once.
  await search.fill(STAFF.email);
  await staffRow.click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByLabel('Last Name').fill('Hale-Ortiz');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const renamed = page.getByRole('row', { name: `Edit ${STAFF.first} Hale-Ortiz` });
  await expect(renamed).toBeVisible();
  await renamed.click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByRole('radio', { name: 'Inactive' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(renamed).toContainText('Inactive');

  await staffPage.reload();
  await expect(staffPage).toHaveURL(/\/login/);
  await submitLogin(staffPage, STAFF.email, PASSWORD);
  await expect(staffPage.getByRole('alert')).toHaveText('User Name or Password is incorrect');
});

test('project managers see the users but cannot add or edit them; other roles have no access', async ({
  page,
  openPage,
}) => {
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Add A New User' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /^Edit / })).toHaveCount(0);

  const inspector = await openPage();
  await loginAs(inspector, ACCOUNTS.inspector.email);
  await inspector.goto('/users');
  await expect(inspector.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
});
