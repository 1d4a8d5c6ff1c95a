import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs, submitLogin } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

/** A demo customer no other journey logs in as: this one deactivates it, then turns it back on. */
const CASCADE = { company: 'Cascade Valley Power', email: 'customer@cascadevalley.example' };

// Each journey walks several pages in two browser sessions: generous time on a busy machine.
test.describe.configure({ timeout: 300_000 });

const customerDialog = (page: Page) => page.getByRole('dialog');

async function openCustomer(page: Page, name: string) {
  await page.getByPlaceholder('Search by company name or email').fill(name);
  await page.getByTestId('customer-row').filter({ hasText: name }).first().click();
  await expect(customerDialog(page).getByText('Edit Customer')).toBeVisible();
}

test('a super admin adds a customer, edits it, and a duplicate name is refused', async ({ page }) => {
  const name = `Prairie Grid ${Date.now()}`;
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page.getByTestId('customer-row').filter({ hasText: 'Northern Plains' })).toBeVisible();

  await page.getByRole('button', { name: 'Add A New Customer' }).click();
  const dialog = customerDialog(page);
  await expect(dialog.getByText('Add New Customer')).toBeVisible();
  // The name check: an existing name (any case) is refused while typing.
  await dialog.getByLabel('Company Name').fill('cascade valley power');
  await expect(dialog.getByText('This company name is already registered.')).toBeVisible();
  await dialog.getByLabel('Company Name').fill(name);
  await expect(dialog.getByText('This company name is already registered.')).toBeHidden();
  await dialog.getByLabel('POC First Name').fill('Ada');
  await dialog.getByLabel('POC Last Name').fill('Lovelace');
  await dialog.getByLabel('POC Email').fill('ada@prairie.example');
  await dialog.getByLabel('POC Phone').fill('555-123-4567');
  const chips = dialog.locator('input:not([type=hidden])').and(dialog.getByLabel('Inspection Fields'));
  await chips.fill('Pole');
  await chips.press('Enter');
  await chips.fill('Crossarm');
  await chips.press('Tab');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('customer-row').filter({ hasText: name });
  await expect(row).toContainText('Ada Lovelace');
  await expect(row).toContainText('Pole, Crossarm');
  await expect(row).toContainText('Active');

  // Search by email finds it; edit it.
  await openCustomer(page, 'ada@prairie.example');
  await customerDialog(page).getByLabel('POC Phone').fill('555-765-4321');
  await customerDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(customerDialog(page)).toBeHidden();
  await expect(page.getByTestId('customer-row').filter({ hasText: name })).toContainText('555-765-4321');
});

test('deactivating a customer ends its users’ sessions, refuses their login and hides it from new projects', async ({
  page,
  openPage,
}) => {
  // The customer's user is logged in elsewhere.
  const customerPage = await openPage();
  await loginAs(customerPage, CASCADE.email);

  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/customers');
  await openCustomer(page, CASCADE.company);
  await customerDialog(page).getByRole('radio', { name: 'Inactive' }).check();
  await customerDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(customerDialog(page)).toBeHidden();
  await expect(page.getByTestId('customer-row').filter({ hasText: CASCADE.company })).toContainText(
    'Inactive',
  );

  // Their open session has ended: the next page load goes to login.
  await customerPage.goto('/projects');
  await expect(customerPage).toHaveURL(/\/login/);
  // And logging in again is refused like a deactivated user.
  await submitLogin(customerPage, CASCADE.email);
  await expect(customerPage.getByRole('alert')).toHaveText('User Name or Password is incorrect');

  // The project form no longer offers it.
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Create New Project' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Customer' }).click();
  await expect(page.getByRole('option', { name: 'Northern Plains Electric Cooperative' })).toBeVisible();
  await expect(page.getByRole('option', { name: CASCADE.company })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Turned back on, its user logs in again.
  await page.goto('/customers');
  await openCustomer(page, CASCADE.company);
  await customerDialog(page).getByRole('radio', { name: 'Active', exact: true }).check();
  await customerDialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(customerDialog(page)).toBeHidden();
  await loginAs(customerPage, CASCADE.email);
});

test('a visitor requests an inspection; a super admin turns the lead into a customer', async ({
  page,
  openPage,
}) => {
  const company = `Sierra Rural Electric ${Date.now()}`;
  const visitor = await openPage();
  await visitor.goto('/login');
  await visitor.getByRole('link', { name: 'Request an inspection' }).click();
  await expect(visitor).toHaveURL('/request-inspection');
  await expect(visitor.getByRole('heading', { name: 'Request an inspection' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.getByText('First name is required.')).toBeVisible();
  await expect(visitor.getByText('Company is required.')).toBeVisible();
  await visitor.getByLabel('First name').fill('Dana');
  await visitor.getByLabel('Last name').fill('Reyes');
  await visitor.getByLabel('Company').fill(company);
  await visitor.getByLabel('Email').fill('dana@sierra.example');
  await visitor.getByLabel('Phone').fill('555-010-2000');
  await visitor.getByLabel('Message').fill('About 400 poles to inspect this spring.');
  // A person takes a few seconds over the form; the server refuses forms sent sooner (robots).
  await visitor.waitForTimeout(3_500);
  await visitor.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.getByText('Thank you. We will contact you shortly.')).toBeVisible();

  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/projects');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  const lead = page.getByTestId('lead-row').filter({ hasText: company });
  await expect(lead).toContainText('dana@sierra.example');
  await lead.getByRole('button', { name: `Make ${company} a customer` }).click();
  const dialog = customerDialog(page);
  await expect(dialog.getByLabel('Company Name')).toHaveValue(company);
  await expect(dialog.getByLabel('POC First Name')).toHaveValue('Dana');
  await expect(dialog.getByLabel('POC Email')).toHaveValue('dana@sierra.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(lead).toContainText(`Customer: ${company}`);

  await page.goto('/customers');
  await expect(page.getByTestId('customer-row').filter({ hasText: company })).toContainText('Dana Reyes');
});
