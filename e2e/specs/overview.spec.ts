import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';

const PROJECT = '/projects/smoky-hill-transmission-patrol';
const map = (page: Page) => page.getByTestId('overview-map');
const table = (page: Page) => page.getByTestId('overview-structures');
const riskButtons = (page: Page) => page.getByRole('group', { name: 'Filter by risk' });

interface StructureRow {
  structure_id: number;
  struct_num: string;
  line_id: number;
  line_name: string;
  latitude: number;
  longitude: number;
}

// The map draws through SwiftShader: on a busy 2-core machine a first draw can take a minute.
test.setTimeout(420_000);

async function openOverview(page: Page, query = '') {
  await page.goto(`${PROJECT}${query}`, { timeout: 60_000 });
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 120_000 });
}

/** The project's id and structures in table order, read through the API as the logged-in user. */
async function projectStructures(page: Page) {
  const projects = (await (await page.request.get('/api/v1/projects')).json()) as Array<{
    id: number;
    project_name: string;
  }>;
  const id = projects.find((p) => p.project_name === 'Smoky Hill Transmission Patrol')!.id;
  const page1 = await (await page.request.get(`/api/v1/structures?projectId=${id}&limit=500`)).json();
  return { id, structures: page1.structures as StructureRow[] };
}

test('risk buttons filter the table, the header lines apply, the table pages by 50', async ({ page }) => {
  await loginAs(page, ACCOUNTS.projectManager.email);
  const { id } = await projectStructures(page);
  const overview = await (await page.request.get(`/api/v1/structures/overview?projectId=${id}`)).json();
  await openOverview(page);

  await expect(page.getByTestId('project-dates')).toHaveText(/^\d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2}$/);
  await expect(riskButtons(page).getByRole('button', { name: `All (${overview.total})` })).toBeVisible();
  await expect(page.getByTestId('total-assets')).toHaveText(String(overview.total));
  const urgent = overview.counts.urgent as number;
  await expect(page.getByTestId('risk-count-urgent')).toContainText(`${urgent} ·`);

  // Paging: 50 per page.
  await expect(page.getByText(`Showing 1–50 of ${overview.total}`)).toBeVisible();
  await expect(table(page).locator('tbody tr')).toHaveCount(50);
  await page.getByRole('button', { name: 'next page' }).click();
  await expect(page.getByText(`Showing 51–100 of ${overview.total}`)).toBeVisible();
  await page.getByRole('button', { name: 'next page' }).click();
  await expect(page.getByText(`Showing 101–${overview.total} of ${overview.total}`)).toBeVisible();

  // A risk button keeps that risk in the table (back to its first page).
  await riskButtons(page)
    .getByRole('button', { name: `Urgent (${urgent})` })
    .click();
  await expect(page.getByText(`Showing 1–${urgent} of ${urgent}`)).toBeVisible();
  await expect(table(page).getByLabel('Urgent')).toHaveCount(urgent);
  await riskButtons(page).getByRole('button', { name: /^All/ }).click();
  await expect(page.getByText(`Showing 1–50 of ${overview.total}`)).toBeVisible();

  // Sorting by a header, then the header's line filter applies to buttons and table alike.
  await table(page).getByRole('button', { name: 'Issues' }).click();
  await expect(table(page).getByRole('columnheader', { name: 'Issues' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const lines = (await (await page.request.get(`/api/v1/structures/lines?projectId=${id}`)).json()) as Array<{
    id: number;
  }>;
  const line = lines[0]!.id;
  const onLine = await (
    await page.request.get(`/api/v1/structures/overview?projectId=${id}&lineId=${line}`)
  ).json();
  await page.goto(`${PROJECT}?lines=${line}`, { timeout: 60_000 });
  await expect(riskButtons(page).getByRole('button', { name: `All (${onLine.total})` })).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.getByText(new RegExp(`of ${onLine.total}$`))).toBeVisible();

  // The CSV export of what is shown: byte-order mark and the header row.
  const csv = await page.request.get(`/api/v1/structures/export?projectId=${id}&lineId=${line}&format=csv`);
  expect(csv.headers()['content-disposition']).toContain('attachment');
  const text = await csv.text();
  expect(text.startsWith('\uFEFFStructure,Line Name,Line Number')).toBe(true);
  expect(text.trim().split('\r\n')).toHaveLength(onLine.total + 1);
});

test('a table row shows its structure on the map; a click on the marker opens it', async ({ page }) => {
  await loginAs(page, ACCOUNTS.projectManager.email);
  await openOverview(page);
  const first = table(page).locator('tbody tr').first();
  const name = (await first.locator('td').first().innerText()).trim();
  const lineName = (await first.locator('td').nth(1).innerText()).trim();
  await first.click();
  const card = page.getByTestId('structure-card');
  await expect(card).toContainText(name);
  await card.getByRole('button', { name: 'Close structure' }).click();
  await expect(card).toBeHidden();

  // The map now centres that structure at zoom 18, where it stands alone: click the marker in the middle.
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 120_000 });
  const box = (await map(page).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(card).toContainText(name);
  await expect(card).toContainText(lineName);
  await expect(card.getByRole('link', { name: 'Open inspection' })).toBeVisible();
});

/** A QGroundControl plan (the format QGroundControl saves) flying past the given points at 30 m. */
function qgcPlan(points: Array<{ latitude: number; longitude: number }>): Buffer {
  const items = points.map((p, i) => ({
    type: 'SimpleItem',
    autoContinue: true,
    command: 16,
    doJumpId: i + 2,
    frame: 3,
    params: [0, 0, 0, null, p.latitude, p.longitude, 30],
  }));
  const plan = {
    fileType: 'Plan',
    groundStation: 'QGroundControl',
    version: 1,
    geoFence: { circles: [], polygons: [], version: 2 },
    rallyPoints: { points: [], version: 2 },
    mission: {
      cruiseSpeed: 15,
      firmwareType: 12,
      hoverSpeed: 5,
      plannedHomePosition: [points[0]!.latitude, points[0]!.longitude, 380],
      vehicleType: 2,
      version: 2,
      items: [
        {
          type: 'SimpleItem',
          autoContinue: true,
          command: 22,
          doJumpId: 1,
          frame: 3,
          params: [0, 0, 0, null, 0, 0, 30],
        },
        ...items,
        {
          type: 'SimpleItem',
          autoContinue: true,
          command: 20,
          doJumpId: 99,
          frame: 2,
          params: [0, 0, 0, 0, 0, 0, 0],
        },
      ],
    },
  };
  return Buffer.from(JSON.stringify(plan, null, 4));
}

test('an inspector uploads a flight plan and sees what its path misses; a .txt is refused', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.inspector.email);
  const { structures } = await projectStructures(page);
  // The path runs along the first ten structures of one line: every other structure is a coverage gap.
  const lineId = structures[0]!.line_id;
  const along = structures.filter((s) => s.line_id === lineId).slice(0, 10);
  await openOverview(page);

  await page.getByLabel('Box ID').fill('WB-0042');
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a plan'),
  });
  await expect(page.getByTestId('flight-plan-error')).toHaveText('Only .plan/.json files are supported.');

  await fileInput.setInputFiles({
    name: 'smoky-hill-first-ten.plan',
    mimeType: 'application/octet-stream',
    buffer: qgcPlan(along),
  });
  await expect(page.getByText('smoky-hill-first-ten.plan uploaded for box WB-0042.')).toBeVisible();
  const plans = page.getByTestId('flight-plans');
  const row = plans.getByRole('row', { name: /smoky-hill-first-ten\.plan/ });
  await expect(row).toContainText('WB-0042');
  // Every photo of the project was taken before this upload: its flight has not started.
  await expect(row.getByRole('cell').nth(3)).toHaveText('Not started');

  await row.getByRole('button', { name: 'Show path' }).click();
  const coverage = page.getByTestId('flight-plan-coverage');
  await expect(coverage).toContainText(`10 of ${structures.length} structures within 50 m`);
  await expect(coverage).toContainText(`Not covered (${structures.length - 10})`);
});

test('customers see the overview without the flight-plan panels', async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer.email);
  await openOverview(page);
  await expect(riskButtons(page)).toBeVisible();
  await expect(page.getByText('Flight Plan Upload')).toHaveCount(0);
  await expect(page.getByText('Flight Plan Status')).toHaveCount(0);
});
