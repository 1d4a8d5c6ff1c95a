import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('the sensors page shows live simulated readings, draws the chart and the tilt figure, and filters', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/sensor');
  await expect(page.getByRole('heading', { name: 'Sensors', exact: true })).toBeVisible({ timeout: 60_000 });

  // The demo's four devices; the first row is selected and its chart and tilt figure are drawn.
  const rows = page.getByTestId('sensor-row');
  await expect(rows).toHaveCount(4, { timeout: 60_000 });
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  const detail = page.getByTestId('sensor-detail');
  await expect(detail.getByTestId('vibration-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByTestId('tilt-figure')).toBeVisible();

  // The simulator publishes every 2 s and the page refreshes every 5 s: the newest reading time moves on
  // without a reload.
  const newest = detail.getByTestId('detail-most-recent-vibration-reading');
  const before = await newest.textContent();
  await expect(newest).not.toHaveText(before ?? '', { timeout: 30_000 });

  // A picked row stays picked across refreshes.
  const second = rows.nth(1);
  const secondDevice = await second.getAttribute('data-device');
  const secondStructure = (await second.locator('td').nth(1).textContent()) ?? '';
  await second.click();
  await expect(page.locator(`[data-device="${secondDevice}"]`)).toHaveAttribute('aria-selected', 'true');
  const tick = await newest.textContent();
  await expect(newest).not.toHaveText(tick ?? '', { timeout: 30_000 });
  await expect(page.locator(`[data-device="${secondDevice}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('detail-structure')).toHaveText(secondStructure);

  // The Date Range select changes the chart's range; the last hour has the live readings.
  await detail.getByRole('combobox', { name: 'Date Range' }).click();
  await page.getByRole('option', { name: 'Last hour' }).click();
  await expect(detail.getByTestId('vibration-chart')).toBeVisible({ timeout: 30_000 });

  // Search and the risk filter narrow the list.
  const search = page.getByPlaceholder('Search Line or Structure');
  await search.fill(secondStructure);
  await expect(rows).toHaveCount(1);
  await search.fill('no such structure');
  await expect(page.getByText('No Alerts')).toBeVisible();
  await search.fill('');
  await expect(rows).toHaveCount(4);
  const riskSelect = page.getByRole('combobox', { name: 'Risk Rating' });
  await riskSelect.click();
  await page.getByRole('option', { name: '1', exact: true }).click();
  const low = await rows.count();
  for (let i = 0; i < low; i++) await expect(rows.nth(i).locator('td').last()).toHaveText('1');
  await riskSelect.click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  const high = await rows.count();
  for (let i = 0; i < high; i++) await expect(rows.nth(i).locator('td').last()).toHaveText('3');
  expect(low + high).toBeLessThanOrEqual(4);
  await riskSelect.click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('sensors-map')).toHaveAttribute('data-map-state', 'idle', {
    timeout: 60_000,
  });
});
