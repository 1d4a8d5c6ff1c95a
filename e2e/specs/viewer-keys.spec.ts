import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';
import { viewer, waitForViewer } from '../support/viewer.ts';

// The demo project whose first structures have real uploaded photos.
const PROJECT = 'Smoky Hill Transmission Patrol';
const INSPECT_URL = '/projects/smoky-hill-transmission-patrol/inspect';

async function structureWithPhotos(page: Page) {
  const projects = (await (await page.request.get('/api/v1/projects')).json()) as Array<{
    id: number;
    project_name: string;
  }>;
  const project = projects.find((p) => p.project_name === PROJECT)!;
  const structures = (await (
    await page.request.get(`/api/v1/inspections/structures?projectId=${project.id}`)
  ).json()) as Array<{ struct_num: string; line_name: string; image_count: number }>;
  // From the end of the list: the viewer journey works on the first structures.
  return structures.filter((s) => s.image_count >= 3).at(-1)!;
}

test('viewer keys: Escape discards a drawn rectangle and its panel, arrows step between photos, help lists them', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.inspector.email);
  const { struct_num: structure, line_name: line, image_count: n } = await structureWithPhotos(page);
  await page.goto(INSPECT_URL);
  await page.getByLabel('Search inspections').fill(`${line} ${structure}`);
  const row = page
    .getByTestId('inspection-row')
    .filter({ has: page.getByRole('cell', { name: structure, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: line, exact: true }) });
  await row.click();
  await waitForViewer(page);
  const counter = page.getByTestId('image-counter');
  await expect(counter).toHaveText(`1/${n}`);

  // A rectangle waiting for its details: Escape drops it and the New Annotation panel.
  const marks = page.getByTestId('annotation-layer').locator('rect, polygon');
  await expect(page.getByTestId('viewer-stage')).toBeVisible();
  const before = await marks.count();
  await page.getByRole('button', { name: 'Annotate Rectangle' }).click();
  const stage = page.getByTestId('viewer-stage');
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + 200, box.y + 150);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 200, { steps: 3 });
  await page.mouse.move(box.x + 330, box.y + 240, { steps: 3 });
  await page.mouse.up();
  const panel = page.getByTestId('new-annotation-panel');
  await expect(panel).toBeVisible();
  const drawn = page.getByTestId('draft-shape');
  await expect(drawn).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(drawn).toHaveCount(0);
  await expect(marks).toHaveCount(before);

  // → and ← step to the next and previous photo, also straight after drawing on the photo (the stage has
  // the focus): a fitted photo has nothing to pan.
  await expect(stage).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2/${n}`);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`3/${n}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`2/${n}`);
  // Zoomed in, the arrows pan the photo instead; 0 fits it again and they step once more.
  await stage.press('+');
  await expect(stage).not.toHaveAttribute('data-zoom', '1.00');
  await stage.press('ArrowRight');
  await expect(counter).toHaveText(`2/${n}`);
  await stage.press('0');
  await expect(stage).toHaveAttribute('data-zoom', '1.00');
  await stage.press('ArrowRight');
  await expect(counter).toHaveText(`3/${n}`);
  // Outside the photo too.
  await viewer(page).getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(`2/${n}`);

  // The help panel lists the keys.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const help = page.getByRole('dialog').filter({ hasText: 'Shortcuts' }).last();
  await expect(help.getByRole('row', { name: /Previous \/ next photo/ })).toContainText('← / →');
  await expect(help.getByRole('row', { name: /Cancel a markup/ })).toContainText('Escape');
});
