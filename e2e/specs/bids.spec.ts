import { strToU8, zipSync } from 'fflate';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { choose } from '../support/projects.ts';
import { expect, test } from '../support/test.ts';

// Upload, read, save and a background import on a busy machine: generous time.
test.describe.configure({ timeout: 240_000 });

/** A KML with two folders (lines) of towers numbered in ExtendedData, and a span that is not a structure. */
function towersKml(prefix: string): string {
  const tower = (n: number, lon: number, lat: number) =>
    `<Placemark><name>${prefix}${n}</name><ExtendedData><Data name="tower"><value>${prefix}-${n}</value></Data>` +
    `</ExtendedData><Point><coordinates>${lon},${lat},0</coordinates></Point></Placemark>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
    `<Folder><name>North Line</name>${tower(1, -97.61, 38.84)}${tower(2, -97.62, 38.85)}` +
    '<Placemark><name>span</name><LineString><coordinates>-97.61,38.84 -97.62,38.85</coordinates></LineString></Placemark>' +
    `</Folder><Folder><name>South Line</name>${tower(3, -97.63, 38.7)}</Folder></Document></kml>`
  );
}

const isoDate = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

test('a project manager creates a bid from a KMZ and a KML, and opens its project', async ({ page }) => {
  const rfp = `E2E Bid ${Date.now()}`;
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bids', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Bids', exact: true })).toBeVisible({ timeout: 30_000 });
  // Quarter is the default range; the other two switch the chart.
  await expect(page.getByRole('radio', { name: 'Quarter' })).toBeChecked();
  await page.getByText('Year', { exact: true }).click();
  await expect(page.getByRole('img', { name: /^Bids over time\./ })).toBeVisible();

  await page.getByRole('button', { name: 'Create New Bid' }).click();
  const bidDialog = page.getByRole('dialog', { name: 'Create New Bid' });
  await bidDialog.getByRole('button', { name: 'Next' }).click();
  await expect(bidDialog.getByText('RFP Name is required.')).toBeVisible();
  await expect(bidDialog.getByText('Project duration is required.')).toBeVisible();
  await expect(bidDialog.getByText('Customer is required.')).toBeVisible();
  await bidDialog.getByLabel('RFP Name').fill(rfp);
  await bidDialog.getByLabel('Project duration').fill(isoDate(-3));
  await bidDialog.getByRole('button', { name: 'Next' }).click();
  await expect(bidDialog.getByText('Project duration date cannot be before today.')).toBeVisible();
  await bidDialog.getByLabel('Project duration').fill(isoDate(45));
  await choose(
    page,
    bidDialog.getByRole('combobox', { name: 'Customer' }),
    'Northern Plains Electric Cooperative',
  );
  await choose(page, bidDialog.getByRole('combobox', { name: 'State' }), 'District of Columbia');
  await bidDialog.getByRole('button', { name: 'Next' }).click();

  const kmzDialog = page.getByRole('dialog', { name: 'Create New Bid / KMZ' });
  await expect(kmzDialog.getByLabel('Project name')).toHaveValue(rfp);
  await kmzDialog.locator('input[type=file]').setInputFiles([
    {
      name: 'towers.kmz',
      mimeType: 'application/vnd.google-earth.kmz',
      buffer: Buffer.from(zipSync({ 'doc.kml': strToU8(towersKml('N')) })),
    },
    {
      name: 'feeder.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(towersKml('F')),
    },
  ]);
  await expect(kmzDialog.getByText('File 1 of 2: towers.kmz')).toBeVisible({ timeout: 60_000 });
  await expect(
    kmzDialog.getByText(/3 placemarks with a point will be structures; 1 line or shape is not imported/),
  ).toBeVisible({
    timeout: 60_000,
  });
  const save = kmzDialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  // File 1: the folders are the lines (offered first), the tower number is the structure.
  await expect(kmzDialog.getByRole('combobox', { name: 'Line field' })).toHaveValue(/^Folder/);
  await choose(page, kmzDialog.getByRole('combobox', { name: 'Structure field' }), /^tower/);
  await expect(save).toBeDisabled();

  // File 2: one fixed line name, the placemark name as the structure.
  await kmzDialog.getByRole('button', { name: 'Next' }).click();
  await expect(kmzDialog.getByText('File 2 of 2: feeder.kml')).toBeVisible();
  await expect(kmzDialog.getByText(/3 placemarks with a point/)).toBeVisible({ timeout: 60_000 });
  await kmzDialog.getByText('Line name', { exact: true }).first().click();
  await kmzDialog.getByRole('textbox', { name: 'Line name' }).fill('Feeder 9');
  await choose(page, kmzDialog.getByRole('combobox', { name: 'Structure field' }), /^Placemark name/);
  await kmzDialog.getByRole('button', { name: 'Previous' }).click();
  await expect(kmzDialog.getByText('File 1 of 2: towers.kmz')).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(kmzDialog).toBeHidden({ timeout: 60_000 });

  const row = page.getByRole('row').filter({ hasText: rfp });
  await expect(row).toContainText('Northern Plains Electric Cooperative');
  await expect(row).toContainText('towers.kmz, feeder.kml');
  // The import job makes the project ready: its name becomes a link.
  const link = row.getByRole('link', { name: rfp });
  await expect(link).toBeVisible({ timeout: 90_000 });
  await expect(row).toContainText('6');
  await link.click();
  await expect(page.getByRole('heading', { name: rfp })).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText('Bid: the customer sees this project once the bid is marked won'),
  ).toBeVisible();

  // Staff see the project among the others, marked as a bid's proposal until the bid is won.
  await page.goto('/projects');
  await page.getByRole('textbox', { name: 'Search projects by name' }).fill(rfp);
  const projectRow = page.getByTestId('project-row').filter({ hasText: rfp });
  await expect(projectRow.getByTestId('project-bid-badge')).toHaveText('Bid');
  await page.screenshot({ path: 'test-results/projects-open-bid.png' });
  await page.goto('/rfp');
  await page.getByRole('row').filter({ hasText: rfp }).getByRole('button', { name: 'Mark as Won' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: rfp }).getByText('Won', { exact: true }),
  ).toBeVisible();
  await page.goto('/projects');
  await page.getByRole('textbox', { name: 'Search projects by name' }).fill(rfp);
  await expect(projectRow).toBeVisible();
  await expect(projectRow.getByTestId('project-bid-badge')).toHaveCount(0);
});

test('customers and inspectors have no bids', async ({ page }) => {
  await loginAs(page, ACCOUNTS.inspector.email);
  await page.goto('/projects');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bids' }),
  ).toHaveCount(0);
  await page.goto('/rfp');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
});

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("an open bid's Status shows its state and 'Mark as Won' whole beside long names", async ({ page }) => {
    await loginAs(page, ACCOUNTS.projectManager.email);
    // A bid with the long names real files have (the Bremen towers' file name) squeezes the other columns.
    const api = '/api/v1';
    const signed = await (await page.request.get(`${api}/doc_upload/sign-s3?extension=kmz`)).json();
    const put = await page.request.put(signed.signedRequest, {
      headers: { 'content-type': 'application/vnd.google-earth.kmz' },
      data: Buffer.from(zipSync({ 'doc.kml': strToU8(towersKml('W')) })),
    });
    expect(put.ok()).toBe(true);
    const customers: { id: number; company_name: string }[] = await (
      await page.request.get(`${api}/customers`)
    ).json();
    const rfp = `E2E long bid ${Date.now()} Bremen towers and lines`;
    const created = await page.request.post(`${api}/bids`, {
      data: {
        bid: {
          rfp_name: rfp,
          project_duration: isoDate(60),
          company_id: customers.find((c) => c.company_name.startsWith('Northern Plains'))!.id,
        },
        project: { project_name: rfp, start_date: isoDate(2), num_pilots: 1 },
        kmzs: [
          {
            url: signed.url,
            name: 'osm_bremen_power_lines_towers_and_substations_2026.kmz',
            lineField: 'Folder',
            structureField: 'Placemark name',
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    await page.goto('/rfp');
    const row = page.getByRole('row').filter({ hasText: rfp });
    const markWon = row.getByRole('button', { name: 'Mark as Won' });
    await expect(markWon).toBeVisible({ timeout: 60_000 });
    const open = row.getByText('Open', { exact: true });
    await expect(open).toBeVisible();
    // Neither is cut short (an ellipsis or a clipped label): each shows all of its text.
    for (const label of [open, markWon]) {
      const clipped = await label.evaluate((el) =>
        [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
      );
      expect(clipped, (await label.textContent()) ?? '').toBe(false);
      // Inside its cell (not spilling past the table's edge) and on the screen.
      const box = (await label.boundingBox())!;
      const cell = (await row.getByRole('cell').last().boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width);
      expect(cell.x + cell.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    await page.screenshot({ path: 'test-results/bids-1440.png' });
  });
});
