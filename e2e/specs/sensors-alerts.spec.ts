import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('a customer edits its alert rules in the Edit Alerts dialog, with validation', async ({ page }) => {
  test.setTimeout(4 * 60_000);
  await loginAs(page, ACCOUNTS.customer.email);
  await page.goto('/sensor');
  await expect(page.getByRole('heading', { name: 'Sensors', exact: true })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Edit Alerts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Alerts' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('tab', { name: 'Distribution' }).click();
  const alarm = dialog.getByRole('textbox', { name: 'Tilt alarm (risk 3)' });
  await expect(alarm).toHaveValue('10', { timeout: 30_000 });

  // 20° is an emergency on any scale: the dialog refuses a threshold past it before anything is sent.
  await alarm.fill('25');
  await expect(dialog.getByText('Tilt alarm: at most 19.9°', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

  await alarm.fill('12');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await alarm.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // Kept by the server: the dialog opens with the new value; Escape closes it without saving.
  await page.getByRole('button', { name: 'Edit Alerts' }).click();
  await dialog.getByRole('tab', { name: 'Distribution' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Tilt alarm (risk 3)' })).toHaveValue('12', {
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Back to the shipped defaults, so the demo company keeps them.
  await page.getByRole('button', { name: 'Edit Alerts' }).click();
  await dialog.getByRole('tab', { name: 'Distribution' }).click();
  await dialog.getByRole('button', { name: 'Restore the defaults' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Tilt alarm (risk 3)' })).toHaveValue('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
});
