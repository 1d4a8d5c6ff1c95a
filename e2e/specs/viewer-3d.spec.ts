import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { loginAs } from '../support/login.ts';
import { expect, test } from '../support/test.ts';
import { viewer, waitForViewer } from '../support/viewer.ts';

// The demo project whose structures have real uploaded DJI photos (GPS, relative altitude, gimbal angles).
const PROJECT = 'Smoky Hill Transmission Patrol';
const INSPECT_URL = '/projects/smoky-hill-transmission-patrol/inspect';

interface CameraPoint {
  imageId: number;
  x: number;
  y: number;
}

interface Check3D {
  status: string;
  model: { cameras: { image_id: number; image_name: string }[] } | null;
}

/**
 * A structure with five photos, the last one listed (the viewer journey takes the first and rejects and
 * restores its photos meanwhile).
 */
async function structureWithFivePhotos(page: Page) {
  const projects = (await (await page.request.get('/api/v1/projects')).json()) as Array<{
    id: number;
    project_name: string;
  }>;
  const project = projects.find((p) => p.project_name === PROJECT)!;
  const structures = (await (
    await page.request.get(`/api/v1/inspections/structures?projectId=${project.id}`)
  ).json()) as Array<{ struct_num: string; line_name: string; image_count: number }>;
  return structures.filter((s) => s.image_count === 5).at(-1)!;
}

async function openViewer(page: Page) {
  await loginAs(page, ACCOUNTS.inspector.email);
  const { struct_num: structure, line_name: line } = await structureWithFivePhotos(page);
  await page.goto(INSPECT_URL);
  await page.getByLabel('Search inspections').fill(`${line} ${structure}`);
  const row = page
    .getByTestId('inspection-row')
    .filter({ has: page.getByRole('cell', { name: structure, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: line, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.click();
  await waitForViewer(page);
  return Number(new URL(page.url()).searchParams.get('inspectionId'));
}

const cameraPoints = async (canvas: Locator): Promise<CameraPoint[]> =>
  JSON.parse((await canvas.getAttribute('data-camera-points')) ?? '[]') as CameraPoint[];

/** The camera drawn farthest from every other one (and inside the canvas), other than `exceptId`. */
function loneCamera(points: CameraPoint[], width: number, height: number, exceptId: number | null) {
  const inside = points.filter(
    (p) => p.imageId !== exceptId && p.x > 10 && p.y > 10 && p.x < width - 10 && p.y < height - 10,
  );
  const gap = (p: CameraPoint) =>
    Math.min(...points.filter((q) => q !== p).map((q) => Math.hypot(p.x - q.x, p.y - q.y)), 1e9);
  return inside.sort((a, b) => gap(b) - gap(a))[0];
}

test('an inspector builds the 3D view of a structure, turns it and opens photos from their cameras', async ({
  page,
}) => {
  // Logging in and opening the viewer on a cold, shared two-core machine can take a minute or more.
  test.setTimeout(240_000);
  const inspectionId = await openViewer(page);
  const currentImage = viewer(page).getByLabel('Current image');

  // Minimized at first: three.js is not loaded until the panel shows a model.
  await viewer(page).getByRole('button', { name: '3D View' }).click();
  const panel = page.getByTestId('structure-3d-panel');
  await expect(panel).toBeVisible();
  // A retry of this journey finds the view its first attempt built (or is building).
  const build = panel.getByRole('button', { name: 'Build 3D View' });
  const building = panel.getByText('Building the 3D view from the photos…');
  const built = panel.getByText('Sides photographed:');
  await expect(build.or(building).or(built)).toBeVisible();
  if (await build.isVisible()) await build.click();

  // Built by the background job (queued behind the demo photos' processing on a cold server).
  for (let i = 0; i < 10 && (await building.isVisible()); i++) {
    await expect(building)
      .toBeHidden()
      .catch(() => undefined);
  }
  await expect(panel).toContainText('Sides photographed:');
  // Then drawn in (software) WebGL once the three.js chunk has loaded.
  const canvas = panel.getByTestId('structure-3d-canvas');
  await expect(canvas).toBeAttached();
  await expect(canvas).toHaveAttribute('data-rendered', 'true');
  const cameras = panel.getByRole('list', { name: 'Photo cameras' }).getByRole('listitem');
  await expect(cameras).toHaveCount(5);
  const check = (await (
    await page.request.get(`/api/v1/structures/check3D?inspectionId=${inspectionId}`)
  ).json()) as Check3D;
  expect(check.status).toBe('ready');
  const nameOf = new Map(check.model!.cameras.map((c) => [c.image_id, c.image_name]));

  // The current photo's camera is the highlighted one in the list.
  const firstName = await currentImage.inputValue();
  await expect(cameras.filter({ hasText: firstName.split(' ')[0]! })).toHaveAttribute('aria-current', 'true');

  // Clicking a camera in the view opens its photo.
  const box = (await canvas.boundingBox())!;
  const currentId = [...nameOf].find(([, name]) => firstName.startsWith(name))?.[0] ?? null;
  const target = loneCamera(await cameraPoints(canvas), box.width, box.height, currentId);
  expect(target, 'a camera is drawn inside the view').toBeDefined();
  await page.mouse.click(box.x + target!.x, box.y + target!.y);
  await expect(currentImage).toHaveValue(new RegExp(`^${nameOf.get(target!.imageId)}`));
  await expect(page).toHaveURL(new RegExp(`imageId=${target!.imageId}`));

  // Left drag rotates the view: the cameras move on screen.
  const before = await canvas.getAttribute('data-camera-points');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 10, { steps: 4 });
  await page.mouse.up();
  await expect(canvas).not.toHaveAttribute('data-camera-points', before!);

  // The list is the keyboard way to the same choice.
  const other = cameras.filter({ hasNotText: nameOf.get(target!.imageId)! }).first();
  const otherName = (await other.getAttribute('aria-label'))!.split(',')[0]!;
  await other.focus();
  await page.keyboard.press('Enter');
  await expect(currentImage).toHaveValue(new RegExp(`^${otherName}`));
  await expect(other).toHaveAttribute('aria-current', 'true');

  // Half screen and back, then minimized.
  await panel.getByRole('button', { name: 'Half screen' }).click();
  await expect(panel).toHaveAttribute('data-layout', 'halfScreen');
  await expect(canvas).toHaveAttribute('data-rendered', 'true');
  await panel.getByRole('button', { name: 'Minimize' }).click();
  await expect(panel).toHaveCount(0);
  await expect(viewer(page).getByRole('button', { name: '3D View' })).toBeVisible();
});
