import { type APIResponse, expect, type Locator, type Page } from '@playwright/test';

/** The user's calendar date, 'YYYY-MM-DD' (what the project form and API use). */
export function today(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A project name unique to this run (letters, digits and spaces only: the form blocks the rest). */
/** A name no other run, worker or retry uses (line names are unique per company across projects). */
export const uniqueName = (prefix: string): string =>
  `${prefix} ${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
    .toString(36)
    .toUpperCase()
    .padStart(2, '0')}`;

export const slugOf = (name: string): string => name.trim().toLowerCase().replace(/ /g, '-');

interface CsvOptions {
  lines: number;
  perLine: number;
  linePrefix: string;
  /** 0-based data rows whose latitude is not a number. */
  badRows?: number[];
}

/** A structure CSV shaped like a utility export: a BOM, CRLF, a quoted field and extra columns. */
export function structureCsv({ lines, perLine, linePrefix, badRows = [] }: CsvOptions): Buffer {
  const rows = ['Line Name,Structure,"Voltage, kV",Latitude,Longitude'];
  let i = 0;
  for (let l = 1; l <= lines; l++) {
    for (let s = 1; s <= perLine; s++, i++) {
      const lat = badRows.includes(i) ? 'n/a' : (40 + l * 0.01 + s * 0.001).toFixed(6);
      rows.push(`${linePrefix} ${l},STR-${l}-${s},"115",${lat},${(-98 - s * 0.001).toFixed(6)}`);
    }
  }
  return Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8');
}

export const csvFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'text/csv', buffer });

/** The 200 answer's body; any other status fails with the server's reason. */
export async function json<T>(response: APIResponse): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

interface ProjectOptions {
  /** The customer's company name; the first customer when unset. */
  company?: string;
  /** Picks the project type; the first when unset. */
  type?: (type: { ptype_id: number; ptype_name: string }) => boolean;
  /** '0' structure level (the default), '1' component level. */
  inspectionType?: '0' | '1';
  closestCity?: string;
}

/** Creates a project through the API as the logged-in user (the page's cookies), for list journeys. */
export async function createProjectViaApi(
  page: Page,
  name: string,
  options: ProjectOptions = {},
): Promise<number> {
  const request = page.request;
  const customers = await json<{ id: number; company_name: string }[]>(
    await request.get('/api/v1/customers'),
  );
  const types = await json<{ ptype_id: number; ptype_name: string }[]>(
    await request.get('/api/v1/projects/upsert/projectTypes'),
  );
  const customer = options.company ? customers.find((c) => c.company_name === options.company) : customers[0];
  const type = options.type ? types.find(options.type) : types[0];
  // Say which lookup came back empty, rather than the server's 'Must select a customer.'
  expect(
    customer,
    `customer ${options.company ?? '(first)'} among ${JSON.stringify(customers)}`,
  ).toBeDefined();
  expect(type, 'project type').toBeDefined();
  const project = await json<{ id: number }>(
    await request.post('/api/v1/projects', {
      data: {
        id: null,
        company_id: customer?.id,
        ptype_id: type?.ptype_id,
        project_name: name,
        closest_city: options.closestCity ?? 'Ord',
        start_date: today(),
        due_date: today(6),
        num_pilots: 1,
        structure_assignment_type: 'dueDate',
        inspection_type: options.inspectionType ?? '0',
        photo_limit: -1,
        ptier_id: 2,
        pilot_struct_day: null,
        kmzs: [],
      },
    }),
  );
  return project.id;
}

/** Adds a line with these structures to a project through the API; answers their ids in order. */
export async function addLineViaApi(
  page: Page,
  projectId: number,
  lineName: string,
  structures: { name: string; lat: number; lon: number }[],
): Promise<number[]> {
  const line = await json<{ id: number }>(
    await page.request.post('/api/v1/structures/lines', { data: { lineName, projectId } }),
  );
  const ids: number[] = [];
  for (const s of structures) {
    const saved = await json<{ structure_id: number }>(
      await page.request.post('/api/v1/structures/create', {
        params: { projectId },
        data: { lineId: line.id, lat: s.lat, lon: s.lon, structNumName: s.name },
      }),
    );
    ids.push(saved.structure_id);
  }
  return ids;
}

/** Picks an option of a Mantine select by its label. */
export async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Fills the required fields of the Create New Project form. */
export async function fillProjectForm(page: Page, dialog: Locator, name: string): Promise<void> {
  await choose(page, dialog.getByRole('combobox', { name: 'Customer' }), /.+/);
  await choose(page, dialog.getByRole('combobox', { name: 'Project Type' }), /.+/);
  await dialog.getByLabel('Job Name').fill(name);
  await dialog.getByLabel('Closest City').fill('Ord');
}

export const projectRow = (page: Page, name: string) =>
  page.getByTestId('project-row').filter({ hasText: name });
