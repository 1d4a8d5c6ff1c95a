import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

test('Asset Health: summary, state filter, map, table that loads more, Sensor Data modal and history', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/asset-health');
  await expect(page.getByRole('heading', { name: 'Asset Health', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('tab', { name: 'Transmission' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Distribution' })).toBeDisabled();

  // The demo's transmission line: more than one page of structures, some with a completed inspection.
  const total = page.getByTestId('asset-summary-total');
  await expect(total).not.toHaveText('–', { timeout: 60_000 });
  const totalCount = Number((await total.textContent())?.replace(/,/g, ''));
  expect(totalCount).toBeGreaterThan(50);
  const rows = page.getByTestId('asset-row');
  await expect(rows).toHaveCount(50, { timeout: 30_000 });

  // The map draws every structure of the filter.
  const map = page.getByTestId('asset-health-map');
  await expect(map).toHaveAttribute('data-map-state', 'idle', { timeout: 60_000 });
  await expect(map).toHaveAttribute('data-points', String(totalCount));
  await expect(page.getByTestId('asset-legend')).toContainText('Not Inspected');
  await page.screenshot({ path: 'test-results/asset-health.png', fullPage: true });

  // Scrolled past two thirds, the table loads the next 50.
  await page
    .getByTestId('asset-table-scroll')
    .locator('.mantine-ScrollArea-viewport')
    .evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
  await expect(rows).toHaveCount(Math.min(100, totalCount), { timeout: 30_000 });

  // A structure with a sensor: the Sensor Data modal with its latest reading.
  await page.getByRole('button', { name: 'Sensor Data' }).first().click();
  const modal = page.getByRole('dialog', { name: /Sensor Data/ });
  await expect(modal).toContainText('Reading time', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // The worst structure's history, newest first, with a link into the viewer.
  await rows.first().click();
  const history = page.getByRole('dialog').filter({ hasText: 'Inspection History' });
  await expect(history.getByTestId('asset-history-entry').first()).toBeVisible({ timeout: 30_000 });
  await expect(history.getByRole('link', { name: 'Open in viewer' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/asset-health-history.png' });
  await page.keyboard.press('Escape');

  // The state filter: only Satisfactory structures, as many as the summary says.
  const satisfactory = (await page.getByTestId('asset-summary-satisfactory').textContent()) ?? '0';
  await page.locator('.mantine-SegmentedControl-label', { hasText: /^Satisfactory$/ }).click();
  await expect(map).toHaveAttribute('data-points', satisfactory.replace(/,/g, ''), { timeout: 30_000 });
  await expect(rows.first()).toContainText('Satisfactory');
});

test('a customer sees its own company in Asset Health, reached from the header', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await loginAs(page, ACCOUNTS.customer.email);
  // Opened directly, the page's data is asked for by index.html before the app has loaded, and only then.
  const mapPreloads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/dashboard/structures') && request.url().includes('limit=50000'))
      mapPreloads.push(request.url());
  });
  await page.goto('/asset-health');
  // The header's Assets link stands for the area; the area's sub-navigation names this page.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assets', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('navigation', { name: 'Assets' }).getByRole('link', { name: 'Health' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Asset Health', exact: true })).toBeVisible();
  await expect(page.getByTestId('asset-summary-total')).not.toHaveText('–', { timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveCount(0);
  await expect(page.getByTestId('asset-health-map')).toHaveAttribute('data-map-state', 'idle', {
    timeout: 60_000,
  });
  expect(mapPreloads).toHaveLength(1);
  // …and the app took those answers (each early answer is taken once, then gone).
  const left = await page.evaluate(() =>
    Object.keys((globalThis as { __linewalkerEarly?: object }).__linewalkerEarly ?? { absent: true }),
  );
  expect(left).toEqual([]);
});
