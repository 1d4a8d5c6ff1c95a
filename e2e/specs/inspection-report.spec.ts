import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { downloadFrom } from '../support/downloads.ts';
import { loginAs } from '../support/login.ts';
import { dronePhotos, uploadPhotos } from '../support/photos.ts';
import { addLineViaApi, createProjectViaApi, json, slugOf, uniqueName } from '../support/projects.ts';
import { expect as baseExpect, test } from '../support/test.ts';
import { viewer, waitForViewer } from '../support/viewer.ts';

// Saves, the report's photo crops and the background build take their time on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const NOTE = 'Report journey: cracked crossarm brace';
/** The customer company's own project for this run: no other journey annotates or completes its photos. */
const PROJECT = uniqueName('Report Journey');
const PROJECT_PATH = `/projects/${slugOf(PROJECT)}`;
const SITE = { lat: 38.84, lon: -97.61 };

test.describe.configure({ mode: 'serial' });

interface Row {
  structure: string;
  line_name: string;
}

/**
 * As the super admin (API calls with the page's session): a project of the customer's company with one
 * structure and its photo (through the real upload calls), the photo annotated at risk 4, the inspection
 * completed.
 */
async function completedInspectionWithAnnotation(page: Page): Promise<Row> {
  const request = page.request;
  const projectId = await createProjectViaApi(page, PROJECT, {
    company: ACCOUNTS.customer.company,
    type: (t) => t.ptype_name === 'Distribution',
    closestCity: 'Salina',
  });
  const row = { structure: 'RJ-1', line_name: `${PROJECT} Line` };
  const [structureId] = await addLineViaApi(page, projectId, row.line_name, [
    { name: row.structure, lat: SITE.lat, lon: SITE.lon },
  ]);
  const { dronePhoto } = await dronePhotos();
  const bytes = await dronePhoto({ label: 'RJ_0001.JPG', latitude: SITE.lat + 0.0001, longitude: SITE.lon });
  const [uploaded] = await uploadPhotos(request, projectId, [
    { fileName: 'RJ_0001.JPG', bytes, structureId },
  ]);
  const inspections = await json<Array<{ id: number; structure: string }>>(
    await request.get(`/api/v1/inspections/${projectId}`),
  );
  const inspectionId = inspections.find((r) => r.structure === row.structure)!.id;
  const images = await json<Array<{ id: number; width: number | null; height: number | null }>>(
    await request.get(`/api/v1/inspections/images/${inspectionId}`),
  );
  const photo = images.find((i) => i.id === uploaded!.imageId)!;
  const { categories } = await json<{ categories: Array<{ id: number; display_text: string }> }>(
    await request.get('/api/v1/annotations/categories'),
  );
  const width = photo.width ?? 4000;
  const height = photo.height ?? 3000;
  const created = await request.post('/api/v1/annotations', {
    data: {
      image_id: photo.id,
      rectangle: { x: width * 0.4, y: height * 0.3, width: width * 0.15, height: height * 0.2 },
      category: categories[0]!.id,
      risk_level: 4,
      text: NOTE,
      image_width: width,
      image_height: height,
    },
  });
  expect(created.ok()).toBe(true);
  const completed = await request.post(`/api/v1/inspections/complete/${inspectionId}`, {
    data: {
      data: {
        strType: 'Tangent',
        armType: 'Steel',
        armQty: 2,
        anchorQty: 0,
        guyQty: 0,
        condSleeveQty: 0,
        inspector: 'Report Journey',
        comments: 'Checked for the report journey',
      },
    },
  });
  expect(completed.ok()).toBe(true);
  return row;
}

let inspection: Row;

test('the customer opens the inspection report from the viewer and downloads its PDF', async ({
  page,
  openPage,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, ACCOUNTS.superAdmin.email);
  inspection = await completedInspectionWithAnnotation(page);

  const customer = await openPage();
  await loginAs(customer, ACCOUNTS.customer.email);
  await customer.goto(`${PROJECT_PATH}/inspect`);
  await customer.getByLabel('Search inspections').fill(`${inspection.line_name} ${inspection.structure}`);
  // Both cells: the same structure name sits on other lines, listed until the search applies.
  const row = customer
    .getByTestId('inspection-row')
    .filter({ has: customer.getByRole('cell', { name: inspection.structure, exact: true }) })
    .filter({ has: customer.getByRole('cell', { name: inspection.line_name, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.click();
  await waitForViewer(customer);
  await viewer(customer).getByRole('button', { name: 'View Inspection Report' }).click();

  const report = customer.getByRole('dialog', { name: `Inspection Report · ${inspection.structure}` });
  await expect(report).toBeVisible();
  await expect(report.getByRole('cell', { name: inspection.line_name, exact: false })).toBeVisible();
  await expect(report.getByTestId('report-risk')).toHaveText('Urgent');
  await expect(report.getByRole('cell', { name: 'Tangent', exact: true })).toBeVisible();
  const annotation = report.getByTestId('report-annotation').filter({ hasText: NOTE });
  await expect(annotation).toHaveCount(1);
  await expect(annotation).toContainText('Urgent (4)');
  await expect(annotation.getByRole('img')).toBeVisible();

  const { download, bytes } = await downloadFrom(
    customer,
    report.getByRole('link', { name: 'Download PDF' }),
  );
  expect(download.suggestedFilename()).toBe(
    `${inspection.structure.replace(/[^A-Za-z0-9]+/g, '-')}-inspection-report.pdf`,
  );
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('/Subtype /Image');

  // The saved completion form stays one click away.
  await report.getByRole('button', { name: 'Completion Form' }).click();
  await expect(customer.getByRole('dialog', { name: 'Completed Inspection' })).toBeVisible();
});

test('the customer builds the project risk report on the Overview and downloads it', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, ACCOUNTS.customer.email);
  await page.goto(`${PROJECT_PATH}/overview`);
  await page.getByRole('button', { name: 'Risk Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Risk Report' });
  await dialog.getByRole('button', { name: 'Build Report' }).click();
  const link = dialog.getByRole('link', { name: 'Download PDF' }).first();
  await expect(link).toBeVisible({ timeout: 60_000 });
  const { download, bytes } = await downloadFrom(page, link);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${PROJECT.replace(/[^A-Za-z0-9]+/g, '-')}-risk-report-\\d+\\.pdf$`),
  );
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // At least the structure completed above (risk 4) is in it, with its annotation's crop.
  expect(bytes.toString('latin1')).toContain('/Subtype /Image');
});
