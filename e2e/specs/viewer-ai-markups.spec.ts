import { createRequire } from 'node:module';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos, uploadPhotos } from '../support/photos.ts';
import { addLineViaApi, createProjectViaApi, json, slugOf, uniqueName } from '../support/projects.ts';
import { expect as baseExpect, test } from '../support/test.ts';
import { viewer, waitForViewer } from '../support/viewer.ts';

/**
 * The AI findings in front of the reviewer (issue 22; spec 2 §2 'AI markup'): the Inspect tab's AI column
 * and filter, then the viewer's AI mode — the 'Ai Layer', the score slider, dismissing one markup and
 * accepting another into an annotation; no Reject or Request Reshoot in AI mode. A model's run is another
 * spec's: the markups are written straight into the server's database (PostgreSQL, E2E_DATABASE_URL).
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const name = uniqueName('AI Review');
let inspectUrl = '';
let viewerUrl = '';
let modelId = 0;
const modelName = uniqueName('Cracked Insulator');
const otherModelName = uniqueName('Bird Nest');

async function insertMarkups(modelId: number, imageId: number) {
  const base = process.env.E2E_DATABASE_URL;
  if (!base) throw new Error('this spec writes markups into PostgreSQL: set E2E_DATABASE_URL');
  const pg = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');
  const url = new URL(base);
  url.pathname = `/lw_e2e_${process.env.E2E_PORT ?? 3210}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  for (const [i, score] of [0.92, 0.71, 0.3].entries()) {
    await client.query(
      'insert into ai_markups (model_id, version, image_id, "left", top, width, height, score) values ($1, 1, $2, $3, $4, 160, 120, $5)',
      [modelId, imageId, 100 + i * 220, 120 + i * 60, score],
    );
  }
  await client.end();
}

test.describe('AI markups in front of the reviewer', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await browser.newPage();
    await loginAs(page, ACCOUNTS.superAdmin.email);
    const projectId = await createProjectViaApi(page, name, {
      company: ACCOUNTS.customer.company,
      type: (t) => t.ptype_name !== 'ETT' && t.ptype_name !== 'ABB',
      closestCity: 'Salina',
    });
    const [structureId] = await addLineViaApi(page, projectId, `${name} Line`, [
      { name: 'AI-1', lat: 38.81, lon: -97.61 },
      { name: 'AI-2', lat: 38.82, lon: -97.62 },
    ]);
    const { dronePhoto } = await dronePhotos();
    const bytes = await dronePhoto({ label: 'AI_0001.JPG', latitude: 38.8102, longitude: -97.61 });
    const second = await dronePhoto({ label: 'AI_0002.JPG', latitude: 38.8103, longitude: -97.6101 });
    await uploadPhotos(page.request, projectId, [
      { fileName: 'AI_0001.JPG', bytes, structureId: structureId! },
      { fileName: 'AI_0002.JPG', bytes: second, structureId: structureId! },
    ]);
    const rows = await json<Array<{ id: number; structure: string }>>(
      await page.request.get(`/api/v1/inspections/${projectId}`),
    );
    const inspection = rows.find((r) => r.structure === 'AI-1')!;
    const images = await json<Array<{ id: number }>>(
      await page.request.get(`/api/v1/inspections/images/${inspection.id}`),
    );
    const model = await json<{ model_id: number }>(
      await page.request.post('/api/v1/ai/model', {
        data: { className: modelName, description: '', holdback_pct: 10 },
      }),
    );
    await page.request.post('/api/v1/ai/model', {
      data: { className: otherModelName, description: '', holdback_pct: 10 },
    });
    modelId = model.model_id;
    await insertMarkups(model.model_id, images[0]!.id);
    inspectUrl = `/projects/${slugOf(name)}/inspect`;
    viewerUrl = `${inspectUrl}?inspectionId=${inspection.id}`;
    await page.close();
  });

  test('the Inspect tab shows the open markups and filters to them', async ({ page }) => {
    test.setTimeout(180_000);
    await loginAs(page, ACCOUNTS.inspector.email);
    await page.goto(inspectUrl);
    const table = page.getByTestId('inspection-table');
    await expect(table.getByRole('columnheader', { name: 'AI' })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('inspection-row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Open AI markups' }).click();
    await expect(page.getByTestId('inspection-row')).toHaveCount(1);
    await expect(page.getByTestId('inspection-row').first()).toContainText('AI-1');
    await expect(page.getByTestId('inspection-row').first()).toContainText('3');
    await page.screenshot({ path: 'test-results/ai-inspect-tab.png' });
  });

  test('a reviewer dismisses one markup and accepts another into an annotation', async ({ page }) => {
    test.setTimeout(180_000);
    await loginAs(page, ACCOUNTS.inspector.email);
    await page.goto(viewerUrl);
    await expect(viewer(page)).toBeVisible({ timeout: 120_000 });
    await waitForViewer(page);
    await expect(viewer(page).getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
    await viewer(page).getByRole('button', { name: 'AI Markup', exact: true }).click();
    const panel = page.getByTestId('ai-markup-panel');
    // The slider starts at 50 %: the 30 % markup is hidden, in the list and on the layer.
    await expect(panel.getByTestId('ai-markup-row')).toHaveCount(2);
    await expect(page.getByTestId('ai-layer')).toHaveAttribute('data-markups', '2');
    await expect(viewer(page).getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
    await expect(viewer(page).getByRole('button', { name: 'Request Reshoot', exact: true })).toHaveCount(0);
    await viewer(page).getByRole('button', { name: 'AI Markup', exact: true }).hover();
    await page.screenshot({ path: 'test-results/ai-viewer.png' });

    const thumb = panel.getByRole('slider');
    await thumb.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await expect(panel.getByTestId('ai-markup-row')).toHaveCount(3);
    await expect(page.getByTestId('ai-layer')).toHaveAttribute('data-markups', '3');

    await panel.getByRole('button', { name: 'Dismiss Cracked Insulator' }).last().click();
    await expect(panel.getByTestId('ai-markup-row')).toHaveCount(2);

    await panel.getByRole('button', { name: /^Accept .* 92%$/ }).click();
    const form = page.getByTestId('new-annotation-panel');
    await form.getByLabel('Component').fill('insul');
    await page.getByRole('option', { name: 'Insulator', exact: true }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByTestId('ai-markup-row')).toHaveCount(1);
    await expect(viewer(page).getByRole('button', { name: 'Annotations (1)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/ai-viewer-after.png' });
  });

  test('a reviewer picks a model, draws an AI patch of it, keeps the model while stepping, deletes the patch', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await loginAs(page, ACCOUNTS.inspector.email);
    await page.goto(viewerUrl);
    await expect(viewer(page)).toBeVisible({ timeout: 120_000 });
    await waitForViewer(page);
    await viewer(page).getByRole('button', { name: 'AI Markup', exact: true }).click();
    const panel = page.getByTestId('ai-markup-panel');
    const picker = panel.getByRole('combobox', { name: 'Model' });
    await expect(picker).toHaveValue('All models');
    // Every model: nothing to draw a patch of yet.
    await expect(viewer(page).getByRole('button', { name: 'Annotate Rectangle' })).toBeDisabled();
    await expect(panel.getByText('Pick a model to draw patches for it.')).toBeVisible();

    // Another model: none of this model's markups.
    await picker.click();
    await page.getByRole('option', { name: otherModelName, exact: true }).click();
    await expect(panel.getByTestId('ai-markup-row')).toHaveCount(0);
    await picker.click();
    await page.getByRole('option', { name: modelName, exact: true }).click();
    await expect(picker).toHaveValue(modelName);
    await expect(panel.getByTestId('ai-markup-row')).toHaveCount(1);

    // A rectangle drawn now is a patch of the chosen model, with no component.
    await viewer(page).getByRole('button', { name: 'Annotate Rectangle' }).click();
    const stage = page.getByTestId('viewer-stage');
    const box = (await stage.boundingBox())!;
    // Clear of the accepted annotation and the markup (a press on an annotation picks it instead).
    await page.mouse.move(box.x + 90, box.y + 330);
    await page.mouse.down();
    await page.mouse.move(box.x + 150, box.y + 380, { steps: 3 });
    await page.mouse.move(box.x + 220, box.y + 440, { steps: 3 });
    await page.mouse.up();
    const form = page.getByTestId('new-ai-patch');
    await expect(form).toContainText(modelName);
    await form.getByLabel('Notes').fill('Chipped shed');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByTestId('ai-patch-row')).toHaveCount(1);
    await expect(panel.getByTestId('ai-patch-row')).toContainText('Chipped shed');
    await expect(page.getByTestId('ai-layer')).toHaveAttribute('data-patches', '1');
    await expect(viewer(page).getByRole('button', { name: 'Annotations (1)' })).toBeVisible();
    const model = await json<{ imgs_total: number; imgs_ready_for_training: number }>(
      await page.request.get(`/api/v1/ai/model/${modelId}`),
    );
    expect(model.imgs_ready_for_training).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: 'test-results/ai-viewer-patch.png' });

    // The next photo: the same model stays chosen.
    await viewer(page).getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('image-counter')).toHaveText('2/2');
    await expect(picker).toHaveValue(modelName);
    await expect(panel.getByTestId('ai-patch-row')).toHaveCount(0);
    await viewer(page).getByRole('button', { name: 'Back' }).click();
    await expect(page.getByTestId('image-counter')).toHaveText('1/2');
    await panel.getByRole('button', { name: 'Delete patch 1' }).click();
    await expect(panel.getByTestId('ai-patch-row')).toHaveCount(0);
    await expect(page.getByTestId('ai-layer')).toHaveAttribute('data-patches', '0');
  });
});
