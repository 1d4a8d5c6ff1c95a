import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.ts';
import { downloadFrom } from '../support/downloads.ts';
import { loginAs } from '../support/login.ts';
import { expect as baseExpect, test } from '../support/test.ts';
import { viewer, waitForViewer } from '../support/viewer.ts';

// A demo project of the customer's company with uploaded photos.
const PROJECT = 'Smoky Hill Transmission Patrol';
const PROJECT_PATH = '/projects/smoky-hill-transmission-patrol';
// Saves, the report's photo crops and the background build take their time on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const NOTE = 'Report journey: cracked crossarm brace';

test.describe.configure({ mode: 'serial' });

interface Row {
  id: number;
  structure: string;
  line_name: string;
  uploaded_image_count: number;
}

/**
 * As the project manager (API calls with the page's session): annotates an inspection's photo at risk 4 and
 * completes it (again, when the demo completed it already). Takes the last inspection with photos, away from
 * the five-photo ones other journeys use.
 */
async function completedInspectionWithAnnotation(page: Page): Promise<Row> {
  const projects = (await (await page.request.get('/api/v1/projects')).json()) as Array<{
    id: number;
    project_name: string;
  }>;
  const project = projects.find((p) => p.project_name === PROJECT)!;
  // A cold server may still be placing the demo photos: ask until an inspection has some.
  let row: Row | undefined;
  await expect
    .poll(
      async () => {
        const rows = (await (await page.request.get(`/api/v1/inspections/${project.id}`)).json()) as Row[];
        row = rows.filter((r) => r.uploaded_image_count > 0).at(-1);
        return row !== undefined;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const images = (await (await page.request.get(`/api/v1/inspections/images/${row!.id}`)).json()) as Array<{
    id: number;
    width: number | null;
    height: number | null;
  }>;
  const photo = images[0]!;
  const { categories } = (await (await page.request.get('/api/v1/annotations/categories')).json()) as {
    categories: Array<{ id: number; display_text: string }>;
  };
  const width = photo.width ?? 4000;
  const height = photo.height ?? 3000;
  const created = await page.request.post('/api/v1/annotations', {
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
  const completed = await page.request.post(`/api/v1/inspections/complete/${row!.id}`, {
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
  return row!;
}

let inspection: Row;

test('the customer opens the inspection report from the viewer and downloads its PDF', async ({
  page,
  openPage,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, ACCOUNTS.projectManager.email);
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
  expect(download.suggestedFilename()).toMatch(/^Smoky-Hill-Transmission-Patrol-risk-report-\d+\.pdf$/);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // At least the structure completed above (risk 4) is in it, with its annotation's crop.
  expect(bytes.toString('latin1')).toContain('/Subtype /Image');
});
