import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { choose } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

// A real OpenStreetMap KMZ of Bremen's power towers, read where it is at run time (never copied into the
// repository); the journey is registered only where the shared data folder exists.
const BREMEN_KMZ = fileURLToPath(
  new URL('../../../shared/data/real/kml/osm_bremen_power_lines_towers.kmz', import.meta.url),
);

// The project lies in Bremen and its dates are checked in its own zone: the user's browser is there too.
test.use({ timezoneId: 'Europe/Berlin' });
test.describe.configure({ timeout: 300_000 });

const isoDate = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

if (existsSync(BREMEN_KMZ)) {
  test('a project manager creates a bid from a real OpenStreetMap KMZ (Bremen) and opens its project', async ({
    page,
  }) => {
    const rfp = `Bremen Towers ${Date.now()}`;
    await loginAs(page, ACCOUNTS.projectManager.email);
    await page.goto('/rfp');
    await page.getByRole('button', { name: 'Create New Bid' }).click();
    const bidDialog = page.getByRole('dialog', { name: 'Create New Bid' });
    await bidDialog.getByLabel('RFP Name').fill(rfp);
    await bidDialog.getByLabel('Project duration').fill(isoDate(45));
    await choose(
      page,
      bidDialog.getByRole('combobox', { name: 'Customer' }),
      'Northern Plains Electric Cooperative',
    );
    await bidDialog.getByRole('button', { name: 'Next' }).click();

    const kmzDialog = page.getByRole('dialog', { name: 'Create New Bid / KMZ' });
    await kmzDialog.locator('input[type=file]').setInputFiles(BREMEN_KMZ);
    await expect(kmzDialog.getByText('File 1 of 1: osm_bremen_power_lines_towers.kmz')).toBeVisible({
      timeout: 60_000,
    });
    await expect(kmzDialog.getByText(/placemarks with a point will be structures/)).toBeVisible({
      timeout: 60_000,
    });
    // One line for the whole export, the OSM node id as the structure (a tower under several lines is one).
    await kmzDialog.getByText('Line name', { exact: true }).first().click();
    await kmzDialog.getByRole('textbox', { name: 'Line name' }).fill('Bremen 110 kV');
    await choose(page, kmzDialog.getByRole('combobox', { name: 'Structure field' }), /osm_node_id/);
    const save = kmzDialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(kmzDialog).toBeHidden({ timeout: 90_000 });

    const row = page.getByRole('row').filter({ hasText: rfp });
    await expect(row).toContainText('osm_bremen_power_lines_towers.kmz');
    const link = row.getByRole('link', { name: rfp });
    await expect(link).toBeVisible({ timeout: 120_000 });
    await link.click();
    await expect(page.getByRole('heading', { name: rfp })).toBeVisible({ timeout: 60_000 });
  });
}
