import { ACCOUNTS } from '../support/accounts.ts';
import { loginThroughForm } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('logout asks first; Cancel and Escape keep the user in', async ({ page }) => {
  await loginThroughForm(page, ACCOUNTS.projectManager.email);
  await page.goto('/customers');
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logout' });
  await expect(dialog).toContainText('Are you sure you want to logout?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/customers');

  await nav.getByRole('button', { name: 'Logout' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Still logged in after a reload.
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('confirming logout ends the session and goes to login', async ({ page }) => {
  await loginThroughForm(page, ACCOUNTS.inspector.email);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  // The cookie is gone: protected pages send the visitor back to login.
  await page.goto('/projects');
  await expect(page).toHaveURL('/login?returnTo=%2Fprojects');
});
