import { readFile } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { choose } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ timeout: 240_000 });

const LONG_LINE = `Line ${'x'.repeat(60)}`;

/** Two lines: 'Line A' with A1, A2 and a second A1 at another point (a duplicate); a line name over 50 characters. */
function kml(): string {
  const tower = (name: string, lon: number, lat: number) =>
    `<Placemark><name>${name}</name><Point><coordinates>${lon},${lat},0</coordinates></Point></Placemark>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
    `<Folder><name>Line A</name>${tower('A1', -97.61, 38.84)}${tower('A2', -97.62, 38.85)}${tower('A3', -97.63, 38.86)}` +
    `${tower('A1', -97.7, 38.9)}</Folder>` +
    `<Folder><name>${LONG_LINE}</name>${tower('B1', -97.64, 38.87)}</Folder></Document></kml>`
  );
}

const isoDate = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

test('a KMZ with a duplicate and a too-long line name: counts while mapping, skip, save, import', async ({
  page,
}) => {
  const rfp = `E2E Bid skip ${Date.now()}`;
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
  await choose(page, bidDialog.getByRole('combobox', { name: 'State' }), 'District of Columbia');
  await bidDialog.getByRole('button', { name: 'Next' }).click();

  const kmzDialog = page.getByRole('dialog', { name: 'Create New Bid / KMZ' });
  await kmzDialog.locator('input[type=file]').setInputFiles({
    name: 'lines.kmz',
    mimeType: 'application/vnd.google-earth.kmz',
    buffer: Buffer.from(zipSync({ 'doc.kml': strToU8(kml()) })),
  });
  await expect(kmzDialog.getByText(/5 placemarks with a point will be structures/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(kmzDialog.getByRole('combobox', { name: 'Line field' })).toHaveValue(/^Folder/);
  await choose(page, kmzDialog.getByRole('combobox', { name: 'Structure field' }), /^Placemark name/);

  // The check runs while mapping: counts before Save, and Save waits for the choice.
  const summary = kmzDialog.getByRole('region', { name: 'Check of lines.kmz' });
  await expect(summary).toContainText(/\d+ valid rows?; \d+ duplicates?; 1 name too long/, {
    timeout: 60_000,
  });
  await expect(summary).not.toContainText('0 duplicates');
  const save = kmzDialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const skip = summary.getByRole('checkbox', { name: /^Import \d+ valid rows?, skip \d+$/ });
  const label = (await summary.getByText(/^Import \d+ valid rows?, skip \d+$/).textContent()) ?? '';
  const valid = Number(/Import (\d+)/.exec(label)?.[1]);
  expect(valid).toBeGreaterThan(0);

  const download = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Download skipped rows' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('lines-skipped-rows.csv');
  const skipped = await readFile((await file.path()) ?? '', 'utf8');
  expect(skipped).toContain('Duplicate structure');
  expect(skipped).toContain('longer than 50 characters');

  await skip.check();
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await save.click();
  await expect(kmzDialog).toBeHidden({ timeout: 60_000 });

  const row = page.getByRole('row').filter({ hasText: rfp });
  await expect(row).toContainText('lines.kmz');
  const link = row.getByRole('link', { name: rfp });
  await expect(link).toBeVisible({ timeout: 90_000 });
  await expect(row.getByRole('cell').nth(5)).toHaveText(String(valid));
});
