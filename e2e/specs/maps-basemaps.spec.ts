import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { readPixels } from '../support/pixels.ts';
import { expect, test } from '../support/test.ts';
import {
  buildPmtiles,
  solidPng,
  startTileFixture,
  type TileFixture,
  vectorTile,
} from '../support/tileFixture.ts';

const PROJECT = '/projects/smoky-hill-transmission-patrol';
const map = (page: Page) => page.getByTestId('overview-map');
const switcher = (page: Page) => page.getByTestId('basemap-switcher');

test.describe.configure({ mode: 'serial' });
test.setTimeout(420_000);

async function openOverview(page: Page) {
  await page.goto(PROJECT, { timeout: 60_000 });
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 120_000 });
}

/** Waits until the server's probe (every second here) says Satellite is `available`. */
async function satelliteAvailable(page: Page, available: boolean) {
  await expect
    .poll(
      async () => (await (await page.request.get('/api/v1/config')).json()).basemaps.satellite.available,
      {
        timeout: 30_000,
      },
    )
    .toBe(available);
}

let fixture: TileFixture | null = null;
test.afterAll(async () => {
  await fixture?.stop();
});

test('Satellite from a reachable tile server; Streets unreachable shows Offline with a notice', async ({
  page,
}) => {
  fixture = await startTileFixture([46, 110, 70]);
  await loginAs(page, ACCOUNTS.projectManager.email);
  await satelliteAvailable(page, true);
  await openOverview(page);
  // The default is Streets, which this machine cannot reach: Offline, and the map says so.
  await expect(switcher(page)).toHaveAttribute('data-basemap-shown', 'offline');
  await expect(page.getByTestId('basemap-notice')).toHaveText(
    'Streets tiles cannot be reached: showing the offline map.',
  );
  // Only the server's probe asked the tile server so far (its one zoom-0 tile), never the browser.
  expect(fixture.requests.every((r) => r === '/sat/0/0/0.png')).toBe(true);

  await switcher(page).getByText('Satellite').click();
  await expect(switcher(page)).toHaveAttribute('data-basemap-shown', 'satellite');
  await expect(page.getByTestId('basemap-notice')).toHaveCount(0);
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 120_000 });
  await expect.poll(() => fixture!.requests.filter((r) => r !== '/sat/0/0/0.png').length).toBeGreaterThan(0);
  await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('USGS The National Map');
  await map(page).screenshot({ path: 'test-results/artifacts/basemap-satellite.png' });
});

test('the tile server down: the map falls back to Offline by itself, with the notice, and no failed requests', async ({
  page,
}) => {
  await fixture!.stop();
  fixture = null;
  await loginAs(page, ACCOUNTS.projectManager.email);
  await satelliteAvailable(page, false);
  await page.goto('/');
  await page.evaluate("window.localStorage.setItem('linewalker.basemap', 'satellite')");
  await openOverview(page);
  await expect(switcher(page)).toHaveAttribute('data-basemap-shown', 'offline');
  await expect(page.getByTestId('basemap-notice')).toHaveText(
    'Satellite tiles cannot be reached: showing the offline map.',
  );
  await map(page).screenshot({ path: 'test-results/artifacts/basemap-fallback.png' });
});

test('a super admin uploads a PMTiles extract; every map offers it as Streets, read in ranges from our server', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.superAdmin.email);
  const sign = await page.request.post('/api/v1/basemap/extracts/sign');
  expect(sign.status()).toBe(200);
  const { signedRequest, url } = await sign.json();
  const put = await page.request.put(signedRequest, {
    data: buildPmtiles(solidPng([214, 196, 160]), 3),
    headers: { 'content-type': 'application/vnd.pmtiles' },
  });
  expect(put.status()).toBe(200);
  const use = await page.request.post('/api/v1/basemap/extracts', { data: { url } });
  expect(use.status(), await use.text()).toBe(200);

  const ranges: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/basemap/extracts/')) ranges.push(request.headers().range ?? 'none');
  });
  await openOverview(page);
  await expect(switcher(page)).toHaveAttribute('data-basemap-shown', 'streets');
  await expect(page.getByTestId('basemap-notice')).toHaveCount(0);
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((r) => r.startsWith('bytes='))).toBe(true);
  await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('OpenStreetMap');
  await page.screenshot({ path: 'test-results/artifacts/basemap-extract.png' });
});

/** Chooses `file` in the page's file picker, opened by its Upload (or Replace) extract button. */
async function chooseFile(page: Page, file: { name: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Upload|Replace) extract$/ }).click();
  await (await chooser).setFiles({ ...file, mimeType: 'application/octet-stream' });
}

test('the Basemap admin page: a bad file is refused with its reason, a vector extract replaces the one in use and maps draw from it', async ({
  page,
}) => {
  // A long description puts the tile past the reader's first 16 KiB request: drawing needs a range of its own.
  const tile = vectorTile();
  const archive = buildPmtiles(tile, 4, 'mvt', { description: 'Streets test extract. '.repeat(1000) });
  const tileOffset = archive.length - tile.length;
  expect(tileOffset).toBeGreaterThan(16_384);

  await loginAs(page, ACCOUNTS.superAdmin.email);
  await page.goto('/', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Basemap' }).click();
  await expect(page).toHaveURL(/\/admin\/basemap$/);
  await expect(page.getByRole('heading', { name: 'Basemap' })).toBeVisible({ timeout: 30_000 });
  const details = page.getByTestId('basemap-extract');
  await chooseFile(page, { name: 'notes.txt', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toContainText('notes.txt is not a .pmtiles file.');
  await chooseFile(page, {
    name: 'broken.pmtiles',
    buffer: Buffer.from('this is not a map extract at all, only some text'),
  });
  await expect(page.getByRole('alert')).toContainText('The file cannot be used as a basemap: ', {
    timeout: 60_000,
  });
  await chooseFile(page, { name: 'streets-test.pmtiles', buffer: archive });
  await expect(details).toContainText('streets-test.pmtiles', { timeout: 60_000 });
  await expect(details).toContainText('Vector (streets drawn by the app)');
  await expect(details).toContainText('0 to 4');
  await expect(details).toContainText(
    'West 180.0000° W, South 85.0000° S, East 180.0000° E, North 85.0000° N',
  );
  await expect(details).toContainText(ACCOUNTS.superAdmin.name);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/artifacts/basemap-admin.png', fullPage: true });
  const current = await (await page.request.get('/api/v1/basemap/extracts/current')).json();

  const ranges: Array<{ url: string; range: string }> = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/basemap/extracts/'))
      ranges.push({ url: new URL(request.url()).pathname, range: request.headers().range ?? 'none' });
  });
  await openOverview(page);
  await expect(switcher(page)).toHaveAttribute('data-basemap-shown', 'streets');
  await expect(page.getByTestId('basemap-notice')).toHaveCount(0);
  // Every read is a range of the new extract, and the tile itself was read for drawing.
  await expect
    .poll(() => ranges.some((r) => r.range.startsWith(`bytes=${tileOffset}-`)), { timeout: 60_000 })
    .toBe(true);
  expect(ranges.every((r) => r.url === current.url && r.range.startsWith('bytes='))).toBe(true);
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 120_000 });
  // The extract's water (the app's streets style paints it #aad3df) fills the map away from the markers.
  const shot = await map(page).screenshot({ path: 'test-results/artifacts/basemap-vector-extract.png' });
  // Pixels at three points.
  const samples = await readPixels<number[][]>(
    page,
    shot,
    `(data, width, height) => [[0.75, 0.6], [0.5, 0.85], [0.9, 0.35]].map(([x, y]) => {
      const i = (Math.floor(height * y) * width + Math.floor(width * x)) * 4;
      return [data[i], data[i + 1], data[i + 2], data[i + 3]];
    })`,
  );
  const water = samples.filter(
    ([r, g, b]) => Math.abs(r! - 170) + Math.abs(g! - 211) + Math.abs(b! - 223) < 20,
  );
  expect(water.length, JSON.stringify(samples)).toBeGreaterThanOrEqual(2);

  // Removed: Streets is the configured style again (unreachable here: Offline, with the notice).
  await page.goto('/admin/basemap');
  await page.getByRole('button', { name: 'Remove extract' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No extract uploaded')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Upload extract' })).toBeVisible();
  await openOverview(page);
  await expect(switcher(page)).toHaveAttribute('data-basemap-shown', 'offline');
});
