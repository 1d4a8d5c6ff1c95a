import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('a super admin registers a MAVLink drone, fixes what the form refuses, edits it, retires it and returns it to service', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  const name = `E2E Quad ${Date.now() % 100_000}`;
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Admin' }).click({ timeout: 60_000 });
  await page.getByRole('menuitem', { name: 'Drones' }).click();
  await expect(page.getByRole('heading', { name: 'Drones' })).toBeVisible({ timeout: 30_000 });
  // The demo drone is listed beside the project its camera shows.
  await expect(
    page.getByTestId('drone-row').filter({ hasText: 'Dock Drone 1' }).filter({ hasText: 'Smoky Hill' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Register Drone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register Drone' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Serial number is required')).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  // The demo drone's serial in other letters is the same vehicle.
  await dialog.getByLabel('Serial number').fill('lw-dock-0001');
  await dialog.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Northern Plains Electric Cooperative' }).click();
  await dialog.getByText('MAVLink (UDP)').click();
  await dialog.getByLabel('Address').fill('nowhere');
  await dialog.getByLabel('Home latitude').fill('38.84');
  await dialog.getByLabel('Home longitude').fill('-97.6');
  await dialog.getByLabel('Home altitude (m)').fill('390');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Address must be host:port (a UDP port from 1 to 65535)')).toBeVisible();
  await dialog.getByLabel('Address').fill('127.0.0.1:14550');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This serial number is already registered.')).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByLabel('Serial number').fill(`E2E-${Date.now()}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });

  const row = page.getByTestId('drone-row').filter({ hasText: name });
  await expect(row).toContainText('MAVLink 127.0.0.1:14550');
  await expect(row).toContainText('Never connected');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Drone' });
  await edit.getByLabel('Home altitude (m)').fill('401');
  // The drone's own failsafes: the fence stops at 120 m; landing above the return-home battery is refused.
  await expect(edit.getByLabel('Fence height (m)')).toHaveValue('120');
  await edit.getByLabel('Fence height (m)').fill('150');
  await edit.getByLabel('Land at (%)').fill('25');
  await expect(edit.getByLabel('Fence height (m)')).toHaveValue('120');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Land battery must be below the return home battery')).toBeVisible();
  await edit.getByLabel('Fence height (m)').fill('90');
  await edit.getByLabel('Land at (%)').fill('12');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0, { timeout: 30_000 });
  await expect(row).toContainText('401 m');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(edit.getByLabel('Fence height (m)')).toHaveValue('90');
  await expect(edit.getByLabel('Land at (%)')).toHaveValue('12');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Retire ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Retire this drone?' })
    .getByRole('button', { name: 'Retire' })
    .click();
  await expect(row.getByText('Retired', { exact: true })).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: `Return ${name} to service` }).click();
  await expect(row.getByText('Retired', { exact: true })).toHaveCount(0, { timeout: 30_000 });
});
