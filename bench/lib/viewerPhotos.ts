import { createHash } from 'node:crypto';
import { type Browser, chromium, type Page } from 'playwright-core';
import { dronePhoto } from '../../apps/server/src/testing/dronePhotos.ts';
import { benchApi as api } from './largeProject.ts';
import { loginCookie, type RunningServer, startBuiltServer } from './server.ts';

/** A 20 MP photo, as a DJI Phantom 4 Pro takes them. */
export const PHOTO_WIDTH = 5472;
export const PHOTO_HEIGHT = 3648;

/** Debian's Chromium with the flags of e2e/playwright.config.ts. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ViewerBench {
  server: RunningServer;
  cookie: string;
  browser: Browser;
  page: Page;
  /** The two 20 MP photos of the one structure, in the viewer's order. */
  imageIds: [number, number];
}

/** One photo through the real upload API (token → PUT → completion), on the structure. */
async function upload(
  server: RunningServer,
  cookie: string,
  projectId: number,
  structureId: number,
  bytes: Buffer,
  fileName: string,
): Promise<number> {
  const md5 = createHash('md5').update(bytes).digest('base64');
  const token = await api<{ uuid: string; signedTokenUrl: string; imageUrl: string }>(
    server,
    cookie,
    `/inspections/imageUploadToken?projectId=${projectId}&md5=${encodeURIComponent(md5)}`,
  );
  const put = await fetch(new URL(token.signedTokenUrl, server.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', cookie },
    body: new Uint8Array(bytes),
  });
  if (!put.ok) throw new Error(`PUT: ${put.status}`);
  const done = await api<{ imageId: number }>(server, cookie, `/inspections/imageUploadedV2/${token.uuid}`, {
    method: 'POST',
    body: JSON.stringify({
      projectId,
      imageUrl: token.imageUrl,
      fileName,
      md5Hash: md5,
      imgSizeBytes: bytes.length,
      structureId,
    }),
  });
  return done.imageId;
}

/**
 * The built server with the demo data, a new project whose one structure has two generated 20 MP photos
 * (processed: medium and thumbnail made), `annotations` rectangles on the first, and headless Chromium with
 * the viewer open on the first photo, fitted, its medium shown.
 */
export async function openViewerBench(annotations: number, photos: 1 | 2 = 2): Promise<ViewerBench> {
  const server = await startBuiltServer();
  try {
    const cookie = await loginCookie(server.baseUrl, 'admin@demo.linewalker.app', 'demo1234');
    const [customer] = await api<Array<{ id: number }>>(server, cookie, '/customers');
    const today = new Date().toISOString().slice(0, 10);
    const name = `Bench Deep Zoom ${Date.now().toString(36)}`;
    const project = await api<{ id: number }>(server, cookie, '/projects', {
      method: 'POST',
      body: JSON.stringify({
        id: null,
        company_id: customer!.id,
        ptype_id: 1,
        project_name: name,
        closest_city: 'Salina',
        start_date: today,
        due_date: '2099-12-31',
        inspection_type: '0',
        structure_assignment_type: 'dueDate',
        num_pilots: 1,
        photo_limit: -1,
        ptier_id: 2,
        pilot_struct_day: null,
        kmzs: [],
      }),
    });
    const line = await api<{ id: number }>(server, cookie, '/structures/lines', {
      method: 'POST',
      body: JSON.stringify({ lineName: 'Bench Feeder', projectId: project.id }),
    });
    const structure = await api<{ structure_id: number }>(
      server,
      cookie,
      `/structures/create?projectId=${project.id}`,
      {
        method: 'POST',
        body: JSON.stringify({ lineId: line.id, lat: 38.8, lon: -97.6, structNumName: 'B-1' }),
      },
    );
    const ids: number[] = [];
    for (const label of ['BENCH 0001', 'BENCH 0002'].slice(0, photos)) {
      const bytes = await dronePhoto({ label, width: PHOTO_WIDTH, height: PHOTO_HEIGHT });
      ids.push(
        await upload(
          server,
          cookie,
          project.id,
          structure.structure_id,
          bytes,
          `${label.replace(' ', '_')}.JPG`,
        ),
      );
    }
    // Both mediums made in the background: the exact size is served once it is.
    for (const id of ids) {
      for (;;) {
        const res = await fetch(`${server.baseUrl}/api/v1/image/${id}?size=MEDIUM_IMG`, {
          headers: { cookie },
        });
        await res.arrayBuffer();
        if (res.headers.get('cache-control')?.includes('immutable')) break;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    if (annotations > 0) {
      const { categories } = await api<{ categories: Array<{ id: number }> }>(
        server,
        cookie,
        '/annotations/categories',
      );
      for (let i = 0; i < annotations; i++) {
        // A 40 × 25 grid of boxes over the photo, each 80 × 60 px of the original.
        const x = 40 + (i % 40) * 134;
        const y = 40 + Math.floor(i / 40) * 142;
        await api(server, cookie, '/annotations', {
          method: 'POST',
          body: JSON.stringify({
            image_id: ids[0],
            rectangle: { x, y, width: 80, height: 60 },
            category: categories[0]!.id,
            risk_level: 2 + (i % 4),
            image_width: PHOTO_WIDTH,
            image_height: PHOTO_HEIGHT,
          }),
        });
      }
    }
    const list = await api<Array<{ id: number; structure: string }>>(
      server,
      cookie,
      `/inspections/${project.id}`,
    );
    const inspectionId = list.find((r) => r.structure === 'B-1')!.id;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const [cookieName, cookieValue] = cookie.split('=') as [string, string];
    await context.addCookies([{ name: cookieName, value: cookieValue, url: server.baseUrl }]);
    // tsx names the page functions' inner functions with esbuild's __name helper, which the page lacks.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    const slug = name.trim().toLowerCase().replace(/ /g, '-');
    await page.goto(`${server.baseUrl}/projects/${slug}?inspectionId=${inspectionId}&imageId=${ids[0]}`);
    await page
      .locator(`[data-testid="viewer-stage"][data-image-id="${ids[0]}"][data-loaded="true"]`)
      .waitFor({ state: 'attached', timeout: 120_000 });
    return { server, cookie, browser, page, imageIds: [ids[0]!, ids[1] ?? ids[0]!] };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

export async function closeViewerBench(ctx: ViewerBench): Promise<void> {
  await ctx.browser.close();
  await ctx.server.stop();
}

/** The p-th percentile (0..100) of the values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
