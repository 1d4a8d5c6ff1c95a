import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos } from '../support/photos.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ timeout: 180_000 });

/** A folder of training images: two at the top, one in a sub-folder, and a file the upload skips. */
async function imageFolder(): Promise<string> {
  const { dronePhoto } = await dronePhotos();
  const root = join(mkdtempSync(join(tmpdir(), 'ai-e2e-')), 'insulators');
  mkdirSync(join(root, 'day 2'), { recursive: true });
  const stamp = Date.now();
  writeFileSync(join(root, 'a.jpg'), await dronePhoto({ label: `ai a ${stamp}`, width: 640, height: 480 }));
  writeFileSync(join(root, 'b.JPEG'), await dronePhoto({ label: `ai b ${stamp}`, width: 640, height: 480 }));
  writeFileSync(
    join(root, 'day 2', 'c.jpg'),
    await dronePhoto({ label: `ai c ${stamp}`, width: 640, height: 480 }),
  );
  writeFileSync(join(root, 'notes.txt'), 'not an image');
  return root;
}

test('a project manager creates a model, uploads a folder of images and marks them up', async ({ page }) => {
  const name = `E2E Cracked Insulator ${Date.now()}`;
  const slug = name.toLowerCase().replace(/ /g, '-');
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/ai');
  await expect(page.getByRole('heading', { name: 'All Models' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Create New Model' }).click();
  await expect(page).toHaveURL('/ai/model-details');
  await page.getByLabel('Class Name').fill(name);
  await page.getByLabel('Hold back percent').fill('15');
  await page.getByLabel('Notes').fill('Cracks in porcelain insulators');
  await page.getByRole('button', { name: 'Create Model' }).click();
  await expect(page).toHaveURL(`/ai/${slug}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Model' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Training Not Available' })).toBeDisabled();

  await page.getByRole('button', { name: 'Upload Images' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Images' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You must upload at least one Image');
  await dialog.getByTestId('ai-upload-folder').setInputFiles(await imageFolder());
  await expect(dialog.getByRole('row')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.locator('tr[data-status="Complete"]')).toHaveCount(3, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('imgs-total')).toHaveText('3');
  await expect(page.getByTestId('imgs-ready')).toHaveText('0');

  await page.getByRole('button', { name: 'Markup Images' }).click();
  const markup = page.getByRole('dialog', { name: 'Markup Images' });
  const stage = markup.getByTestId('markup-stage');
  await expect(stage.locator('img')).toBeVisible();
  await expect(markup.getByTestId('markup-position')).toHaveText('1 / 3');
  const box = (await stage.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // A rectangle: drag.
  await page.mouse.move(cx - 60, cy - 40);
  await page.mouse.down();
  await page.mouse.move(cx, cy, { steps: 5 });
  await page.mouse.up();
  await expect(stage.locator('[data-patch-id]')).toHaveCount(1);
  // A polygon: clicks, then Enter.
  await markup.getByText('Polygon', { exact: true }).click();
  await page.mouse.click(cx + 20, cy - 30);
  await page.mouse.click(cx + 80, cy - 30);
  await page.mouse.click(cx + 50, cy + 30);
  await page.keyboard.press('Enter');
  await expect(stage.locator('[data-patch-id]')).toHaveCount(2);
  // Escape drops a half-drawn polygon.
  await page.mouse.click(cx - 100, cy + 50);
  await page.mouse.click(cx - 60, cy + 50);
  await page.keyboard.press('Escape');
  await expect(markup.getByTestId('draft-shape')).toHaveCount(0);
  await expect(markup.getByTestId('markup-state')).toHaveText('Marked up');

  // The second image has nothing to find: a negative example.
  await markup.getByRole('button', { name: 'Next' }).click();
  await expect(markup.getByTestId('markup-position')).toHaveText('2 / 3');
  // Checked once the server has it (the box shows the saved state).
  await markup.getByLabel('Nothing to find here').click();
  await expect(markup.getByLabel('Nothing to find here')).toBeChecked();
  await expect(markup.getByTestId('markup-state')).toHaveText('Marked up');
  await markup.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('imgs-ready')).toHaveText('2');

  await page.getByRole('button', { name: 'Review Marked-up Images' }).click();
  const review = page.getByRole('dialog', { name: 'Review Marked-up Images' });
  await expect(review.getByTestId('markup-position')).toHaveText('1 / 2');
  await expect(review.getByTestId('markup-stage').locator('[data-patch-id]')).toHaveCount(2);
  await review.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('link', { name: '← All Models' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Waiting for Markup');
  await row.click();
  await expect(page).toHaveURL(`/ai/${slug}`);
});

test('a project manager launches training, watches the progress bar and reads the metrics', async ({
  page,
}) => {
  // Two trainings at most (see below) on a busy machine, where one took up to 4 minutes.
  test.setTimeout(540_000);
  await loginAs(page, ACCOUNTS.projectManager.email);
  await page.goto('/ai');
  await page.getByRole('row', { name: /Orange Marker/ }).click();
  await expect(page).toHaveURL('/ai/orange-marker');
  await expect(page.getByTestId('imgs-ready')).toHaveText('120');
  // On CI's retry the first attempt's training may still run on the server: it ends before this one starts.
  const launch = page.getByRole('button', { name: 'Launch Training Now' });
  await expect(launch).toBeEnabled({ timeout: 240_000 });
  await launch.click();
  await expect(page.getByRole('button', { name: 'Training in Progress' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Markup Images' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload Images' })).toBeDisabled();
  // The bar moves while it trains (the page polls every 2 s); a quick run may be done between two looks.
  await expect
    .poll(
      async () =>
        (await page.getByTestId('model-metrics').count()) > 0 ||
        Number.parseInt((await page.getByTestId('training-percent').textContent()) ?? '0', 10) > 0,
      { timeout: 240_000 },
    )
    .toBe(true);
  await page.screenshot({ path: 'e2e/test-results/ai-training.png', fullPage: true });
  // Done when the launch is offered again (a retry's earlier version already shows metrics meanwhile).
  await expect(launch).toBeEnabled({ timeout: 240_000 });
  await expect(page.getByTestId('model-metrics')).toBeVisible();
  await expect(page.getByTestId('model-metrics')).toContainText('Precision');
  await expect(page.getByRole('img', { name: 'Precision/recall curve' })).toBeVisible();
  await page.screenshot({ path: 'e2e/test-results/ai-trained.png', fullPage: true });

  // Run on a project: the job's progress until it is done.
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Run on Project' }).click();
  await expect(page.getByTestId('run-state')).toContainText('Done:', { timeout: 240_000 });
});
