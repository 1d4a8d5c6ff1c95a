import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('staff create an order, update its status, and see its history and track', async ({ page }) => {
  test.setTimeout(4 * 60_000);
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/assets');
  await expect(page.getByRole('heading', { name: 'Assets Overview' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Health' })).toHaveAttribute('href', '/asset-health');
  await expect(page.getByRole('heading', { name: 'Order Tracking' })).toBeVisible();
  const rows = page.getByTestId('orders-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const demoOrders = await rows.count();
  expect(demoOrders).toBeGreaterThan(0);

  // The status filter buttons narrow the table.
  await page.getByRole('button', { name: 'delivered', exact: true }).click();
  const delivered = await rows.count();
  for (let i = 0; i < delivered; i++) await expect(rows.nth(i).locator('td').nth(1)).toHaveText('delivered');
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(rows).toHaveCount(demoOrders);

  // New Order: a structure without an open order, where the pole is now.
  await page.getByRole('button', { name: 'New Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Order' });
  await dialog.getByRole('combobox', { name: 'Structure' }).click();
  const option = page.locator('[role="option"]:not([data-combobox-disabled])').first();
  await expect(option).toBeVisible({ timeout: 30_000 });
  const label = (await option.textContent()) ?? '';
  const structure = label.split(' / ')[1]?.split(' (')[0] ?? '';
  await option.click();
  await dialog.getByRole('textbox', { name: 'Status Address' }).fill('Prairie Pole Works, Hutchinson, KS');
  await dialog.getByRole('textbox', { name: 'Latitude' }).fill('38.06');
  await dialog.getByRole('textbox', { name: 'Longitude' }).fill('-97.93');
  await dialog.getByRole('button', { name: 'Create Order' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(demoOrders + 1);
  const row = rows.filter({ hasText: structure }).filter({ hasText: 'Prairie Pole Works' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText('waiting for manufacturing');
  await expect(row.locator('td').nth(3)).toHaveText(/^\d\d\/\d\d\/\d{4}$/);

  // Update Status: in transit on the highway; the history keeps both.
  await row.getByRole('button', { name: 'Update Status' }).click();
  const update = page.getByRole('dialog', { name: /Update Status/ });
  await update.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'in transit' }).click();
  await update.getByRole('textbox', { name: 'Status Address' }).fill('I-135 near McPherson, KS');
  await update.getByRole('textbox', { name: 'Latitude' }).fill('38.37');
  await update.getByRole('textbox', { name: 'Longitude' }).fill('-97.66');
  await update.getByRole('button', { name: 'Save Status' }).click();
  await expect(update).toBeHidden();
  const moved = rows.filter({ hasText: 'I-135 near McPherson, KS' });
  await expect(moved.locator('td').nth(1)).toHaveText('in transit');
  await expect(moved.locator('td').nth(4)).toHaveText(/^\d\d\/\d\d\/\d{4}$/);
  await moved.click();
  const history = page.getByTestId('order-history');
  await expect(history).toContainText('waiting for manufacturing');
  await expect(history).toContainText('I-135 near McPherson, KS');
  await expect(page.getByTestId('orders-map')).toHaveAttribute('data-map-state', 'idle', { timeout: 60_000 });
  await page.screenshot({ path: 'test-results/orders-staff.png', fullPage: true });

  // Search finds it.
  await page.getByRole('textbox', { name: 'Search orders' }).fill('McPherson');
  await expect(rows.filter({ hasText: 'I-135 near McPherson, KS' })).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Search orders' }).fill('no such order anywhere');
  await expect(page.getByText('No orders match')).toBeVisible();
});

test("a customer sees its company's orders read-only", async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer.email);
  await page.goto('/assets');
  await expect(page.getByRole('heading', { name: 'Assets Overview' })).toBeVisible({ timeout: 60_000 });
  const rows = page.getByTestId('orders-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'New Order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update Status' })).toHaveCount(0);
  await rows.first().click();
  await expect(page.getByTestId('order-history')).toBeVisible();
  await expect(page.getByTestId('orders-map')).toHaveAttribute('data-map-state', 'idle', { timeout: 60_000 });
  await page.screenshot({ path: 'test-results/orders-customer.png', fullPage: true });
});
