import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos, uploadPhotos } from '../support/photos.ts';
import { addLineViaApi, createProjectViaApi, json, slugOf, uniqueName } from '../support/projects.ts';
import { expect as baseExpect, test } from '../support/test.ts';
import { viewer, waitForViewer } from '../support/viewer.ts';

/**
 * The warnings before completing an inspection (spec 2 §5): unassigned photos near the structure are listed
 * by name, the arms of an ETT inspection that no photo shows by position text; Cancel keeps the inspection
 * open and 'Complete Inspection Anyways' goes on to the completion. Each journey seeds its own project
 * through the API (photos through the real upload calls), so other journeys' demo data never interferes.
 */

// Saves and uploads on a busy two-core machine can take several seconds each.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Two structures 80 m apart (east–west); a photo midway without a camera heading fits both equally. */
const SITE = { lat: 38.9, lon: -97.9 };
const EAST_LON = SITE.lon + 80 / (111_320 * Math.cos((SITE.lat * Math.PI) / 180));
const UNASSIGNED = 'CW_LOOSE_0001.JPG';
/** A folder to write screenshots of the warnings into, for a person to look at. */
const SHOTS = process.env.VIEWER_SHOTS;

/** A generated drone photo taken at (lat, lon); without structureId the server places it. */
async function photo(fileName: string, lat: number, lon: number, structureId?: number) {
  const { dronePhoto } = await dronePhotos();
  return {
    fileName,
    structureId,
    bytes: await dronePhoto({ label: fileName, latitude: lat, longitude: lon }),
  };
}

async function inspectionOf(
  request: APIRequestContext,
  projectId: number,
  structure: string,
): Promise<number> {
  const rows = await json<Array<{ id: number; structure: string }>>(
    await request.get(`/api/v1/inspections/${projectId}`),
  );
  return rows.find((r) => r.structure === structure)!.id;
}

interface ViewerInspection {
  inspection: { date_reviewed: string | null };
  unassigned_nearby: Array<{ image_name: string }>;
}

const viewerInspection = (request: APIRequestContext, inspectionId: number) =>
  request.get(`/api/v1/review/inspections/${inspectionId}`);

const counter = (page: Page) => page.getByTestId('image-counter');
const next = (page: Page) => viewer(page).getByRole('button', { name: 'Next', exact: true });
const completeButton = (page: Page) =>
  viewer(page).getByRole('button', { name: 'Complete Inspection', exact: true });

/** Opens the viewer on its last photo, where Complete Inspection shows. */
async function openOnLastPhoto(page: Page, url: string, photos: number) {
  await page.goto(url);
  // A cold project page on a busy machine takes a while before the viewer opens over it.
  await expect(viewer(page)).toBeVisible({ timeout: 120_000 });
  await waitForViewer(page);
  for (let n = 1; n < photos; n++) {
    await expect(counter(page)).toHaveText(`${n}/${photos}`);
    await next(page).click();
  }
  await expect(counter(page)).toHaveText(`${photos}/${photos}`);
}

test.describe('warnings before completing an inspection', () => {
  test.describe.configure({ mode: 'serial' });

  const plain = { name: uniqueName('Complete Warnings'), url: '', inspectionId: 0 };
  const ett = { name: uniqueName('Complete Warnings Arms'), url: '', inspectionId: 0, bare: '', shown: '' };

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await browser.newPage();
    await loginAs(page, ACCOUNTS.superAdmin.email);
    const request = page.request;

    // An ordinary project: structure CW-1 with two photos, and a photo midway to CW-2 that stays unassigned.
    {
      const projectId = await createProjectViaApi(page, plain.name, {
        company: ACCOUNTS.customer.company,
        type: (t) => t.ptype_name === 'Distribution',
        closestCity: 'Salina',
      });
      // Line names are unique within a company: the project's own name keeps this run's apart.
      const [west] = await addLineViaApi(page, projectId, `${plain.name} Line`, [
        { name: 'CW-1', lat: SITE.lat, lon: SITE.lon },
        { name: 'CW-2', lat: SITE.lat, lon: EAST_LON },
      ]);
      await uploadPhotos(request, projectId, [
        await photo('CW_0001.JPG', SITE.lat + 0.0002, SITE.lon, west),
        await photo('CW_0002.JPG', SITE.lat - 0.0002, SITE.lon, west),
        // No structure given: the server places it, and midway it fits neither.
        await photo(UNASSIGNED, SITE.lat, (SITE.lon + EAST_LON) / 2),
      ]);
      plain.inspectionId = await inspectionOf(request, projectId, 'CW-1');
      plain.url = `/projects/${slugOf(plain.name)}/inspect?inspectionId=${plain.inspectionId}`;
      const seen = await json<ViewerInspection>(await viewerInspection(request, plain.inspectionId));
      expect(
        seen.unassigned_nearby.map((u) => u.image_name),
        'the midway photo stayed unassigned',
      ).toEqual([UNASSIGNED]);
    }

    // An ETT project: structure CA-1 with two photos, an arm shown by the first, an arm no photo shows.
    {
      const projectId = await createProjectViaApi(page, ett.name, {
        company: ACCOUNTS.customer.company,
        type: (t) => t.ptype_name === 'ETT',
        closestCity: 'Salina',
      });
      const [structure] = await addLineViaApi(page, projectId, `${ett.name} Line`, [
        { name: 'CA-1', lat: SITE.lat + 0.01, lon: SITE.lon },
      ]);
      await uploadPhotos(request, projectId, [
        await photo('CA_0001.JPG', SITE.lat + 0.0102, SITE.lon, structure),
        await photo('CA_0002.JPG', SITE.lat + 0.0098, SITE.lon, structure),
      ]);
      ett.inspectionId = await inspectionOf(request, projectId, 'CA-1');
      ett.url = `/projects/${slugOf(ett.name)}/inspect?inspectionId=${ett.inspectionId}`;
      const positions = await json<Array<{ arm_position_id: number; arm_position_text: string }>>(
        await request.get('/api/v1/inspections/ett/arms', {
          params: { inspection_id: ett.inspectionId, project_id: projectId },
        }),
      );
      const [shown, bare] = positions;
      ett.shown = shown!.arm_position_text;
      ett.bare = bare!.arm_position_text;
      const saveArm = async (armPositionId: number) =>
        (
          await json<{ ett_arm_id: number }>(
            await request.post('/api/v1/inspections/ett/saveArmEdits', {
              params: { inspectionId: ett.inspectionId },
              data: { ett_arm_id: null, arm_position_id: armPositionId, classification: 'Original' },
            }),
          )
        ).ett_arm_id;
      const shownArm = await saveArm(shown!.arm_position_id);
      await saveArm(bare!.arm_position_id);
      // Both photos typed, so moving between them and completing saves without a type warning.
      const photos = await json<Array<{ id: number; image_name: string }>>(
        await request.get(`/api/v1/inspections/images/${ett.inspectionId}`),
      );
      const byName = (n: string) => photos.find((p) => p.image_name === n)!.id;
      await json(
        await request.post('/api/v1/inspections/ett/updateImageType', {
          params: { image_id: byName('CA_0001.JPG') },
          data: { ett_photo_type_id: 2, ett_arm_id: shownArm },
        }),
      );
      await json(
        await request.post('/api/v1/inspections/ett/updateImageType', {
          params: { image_id: byName('CA_0002.JPG') },
          data: { ett_photo_type_id: 1 },
        }),
      );
    }
    await page.close();
  });

  test('unassigned photos near the structure are listed before completing; Anyways completes', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await loginAs(page, ACCOUNTS.inspector.email);
    await openOnLastPhoto(page, plain.url, 2);

    // Cancel: nothing opens, the inspection stays pending.
    await completeButton(page).click();
    let warning = page.getByRole('dialog', { name: 'Unassigned Images' });
    await expect(warning).toBeVisible();
    await expect(warning.getByTestId('unassigned-nearby')).toContainText(UNASSIGNED);
    await expect(warning.getByTestId('arms-without-images')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/complete-warning-unassigned.png` });
    await warning.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(warning).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Complete Inspection' })).toHaveCount(0);

    // Complete Inspection Anyways: on to the completion form, which saves.
    await completeButton(page).click();
    warning = page.getByRole('dialog', { name: 'Unassigned Images' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Complete Inspection Anyways' }).click();
    await expect(warning).toBeHidden();
    const form = page.getByRole('dialog', { name: 'Complete Inspection' });
    await expect(form).toBeVisible();
    await form.getByLabel('STR Type').fill('Tangent');
    await form.getByLabel('Arm Type').fill('Wood crossarm');
    await form.getByLabel('Arm Quantity').fill('2');
    await form.getByLabel('Anchor Quantity').fill('4');
    await form.getByLabel('Guy Quantity').fill('1');
    await form.getByLabel('Conductor Sleeve Quantity').fill('0');
    await form.getByLabel('Inspector').fill('Warnings Journey');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    await expect(viewer(page).getByRole('button', { name: 'View Inspection Report' })).toBeVisible();
    const saved = await json<ViewerInspection>(await viewerInspection(page.request, plain.inspectionId));
    expect(saved.inspection.date_reviewed).not.toBeNull();
  });

  test('arms of an ETT inspection that no photo shows are listed before completing; Anyways completes', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await loginAs(page, ACCOUNTS.inspector.email);
    await openOnLastPhoto(page, ett.url, 2);
    await expect(page.getByRole('region', { name: 'Arms' })).toBeVisible();

    // The photo's type is saved first, then the arm no photo shows is listed (the one a photo shows is not).
    await completeButton(page).click();
    let warning = page.getByRole('dialog', { name: 'Arms Without Images' });
    await expect(warning).toBeVisible();
    const listed = warning.getByTestId('arms-without-images');
    await expect(listed).toContainText(ett.bare);
    await expect(listed).not.toContainText(ett.shown);
    await expect(warning.getByTestId('unassigned-nearby')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/complete-warning-arms.png` });
    await warning.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(warning).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Complete Inspection' })).toHaveCount(0);

    await completeButton(page).click();
    warning = page.getByRole('dialog', { name: 'Arms Without Images' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Complete Inspection Anyways' }).click();
    await expect(warning).toBeHidden();
    const form = page.getByRole('dialog', { name: 'Complete Inspection' });
    await expect(form).toBeVisible();
    await form.getByRole('radiogroup', { name: 'Replacement Priority' }).getByLabel('Minor').check();
    await form.getByRole('radiogroup', { name: 'Crack Detected' }).getByLabel('No').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    // Completed: ETT shows the badge and no completion button any more.
    await expect(viewer(page).getByText('Completed', { exact: true })).toBeVisible();
    await expect(completeButton(page)).toHaveCount(0);
    const saved = await json<ViewerInspection>(await viewerInspection(page.request, ett.inspectionId));
    expect(saved.inspection.date_reviewed).not.toBeNull();
  });
});
