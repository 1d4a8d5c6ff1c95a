import { DEFAULT_RULE_SETS, TEXT_MESSAGES } from '@linewalker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { projectPayload } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { BODY_REQUIRED_MESSAGE, BODY_TOO_DEEP_MESSAGE } from './bodyValidator.ts';

// Odd input on every route that takes a body: a missing, empty or null body, and NUL or a lone surrogate in
// any text field, answer 400 naming the field, never 500 and never a change.

let ctx: TestContext;
let token: string;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  companyId = await createCompany(ctx.database.db, 'Odd Input Utility');
  token = await loginToken(ctx.app, await createUser(ctx.database.db, 'super_admin'));
});
afterAll(() => ctx.close());

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface BodyRoute {
  method: Method;
  url: string;
}

/** Routes whose OpenAPI operation declares a JSON request body (the docs come from the same schemas). */
async function bodyRoutes(): Promise<BodyRoute[]> {
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  }>();
  const routes: BodyRoute[] = [];
  for (const route of ctx.app.apiRoutes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[path]?.[route.method.toLowerCase()];
    if (op?.requestBody?.content?.['application/json']) {
      routes.push({ method: route.method as Method, url: route.url });
    }
  }
  return routes;
}

/** The browser's reading of the metadata (`exif`) is advisory and never stored: it is left out here. */
const photoCompletion = {
  projectId: 1,
  imageUrl: 'images/1/x.jpg',
  fileName: 'DJI_0001.JPG',
  md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
  imgSizeBytes: 10,
};
const userBody = () => ({
  first_name: 'Odd',
  last_name: 'Input',
  email: 'odd.input@example.test',
  phone: '(303) 555-0100',
  start_date: '2026-03-02T12:00:00.000Z',
  role_id: 4,
  company_id: 1,
  status: 1,
  pilot: {
    availability: 'available',
    license_expiration: '2027-01-01',
    home_base: 'Denver, CO',
    aircraft: 'M350',
    proficiencies: ['Night'],
    certifications: ['Part 107'],
    skills: ['Thermal'],
  },
  delete_pilot: false,
});

/** A valid payload per body route (ids in the path and query are filled in by `target`). */
const oddDrone = () => ({
  name: 'Odd drone',
  serial_number: 'ODD-1',
  company_id: companyId,
  driver: 'mavlink',
  address: '127.0.0.1:14550',
  home_lat: 46.9,
  home_lon: -120.5,
  home_alt: 400,
  failsafes: {
    link_loss_seconds: 3,
    return_home_battery: 20,
    land_battery: 10,
    geofence_distance_m: 800,
    geofence_altitude_m: 120,
  },
});

const VALID_BODIES: Record<string, () => unknown> = {
  'POST /api/v1/users/login': () => ({ email: 'someone@example.test', password: 'secret-password' }),
  'POST /api/v1/users/forgot-password': () => ({ email: 'someone@example.test' }),
  'POST /api/v1/users/resend-reset-password': () => ({ userId: 1 }),
  'POST /api/v1/users/reset-password': () => ({ userId: 1, token: 'abcdef', password: 'new-password-1' }),
  'POST /api/v1/users/': () => userBody(),
  'PUT /api/v1/users': () => ({ ...userBody(), id: 1 }),
  'POST /api/v1/inspections/complete/:id': () => ({
    data: {
      strType: 'H-frame',
      armType: 'Steel',
      armQty: 2,
      anchorQty: 1,
      guyQty: 1,
      condSleeveQty: 0,
      inspector: 'Pat Pilot',
      comments: 'All fine',
    },
    component: null,
  }),
  'POST /api/v1/projects': () =>
    projectPayload(companyId, {
      kmzs: [
        {
          url: 'uploads/csv/x.csv',
          name: 'x.csv',
          latField: 'lat',
          lonField: 'lon',
          lineNameField: 'line',
          structNumField: 'num',
        },
      ],
    }),
  'PUT /api/v1/projects/upsert': () => ({ ...projectPayload(companyId), id: 1 }),
  'POST /api/v1/kmz/getFields': () => ({ url: 'uploads/csv/x.csv' }),
  'POST /api/v1/kmz/skippedRows': () => ({
    url: 'uploads/csv/x.csv',
    latField: 'lat',
    lonField: 'lon',
    lineNameField: 'line',
    structNumField: 'num',
    structNumFallbackField: 'id',
  }),
  'POST /api/v1/bids': () => ({
    bid: {
      rfp_name: 'Odd Input RFP',
      project_duration: '2099-01-01',
      company_id: companyId,
      abbreviation: 'OIP',
      state: 'KS',
      city: 'Salina',
      contact_name: 'Pat Lee',
      contact_email: 'pat@odd.example',
    },
    project: {
      project_name: 'Odd Input Bid',
      start_date: '2099-01-01',
      due_date: '2099-02-01',
      num_pilots: 1,
    },
    kmzs: [{ url: 'uploads/kmz/x.kmz', name: 'x.kmz', lineName: 'Feeder 7', structureField: 'name' }],
  }),
  'POST /api/v1/inspections/imageUploadedV2/:uuid': () => photoCompletion,
  'POST /api/v1/inspections/imageUploaded/:uuid': () => photoCompletion,
  'POST /api/v1/inspections/checkImagesUploaded': () => ({
    projectId: 1,
    md5s: ['AAAAAAAAAAAAAAAAAAAAAA=='],
  }),
  'POST /api/v1/inspections/images/reject': () => ({ notes: 'Blurred', imageIds: [1] }),
  'PUT /api/v1/inspections/reassignImages': () => ({ imageIds: [1] }),
  'POST /api/v1/structures/create': () => ({ lineId: 1, lat: 40.1, lon: -80.2, structNumName: 'T-1' }),
  'PUT /api/v1/structures/update': () => ({ lineId: 1, lat: 40.1, lon: -80.2, structNumName: 'T-1' }),
  'POST /api/v1/structures/lines': () => ({ lineName: 'Feeder 7', projectId: 1 }),
  'POST /api/v1/structures/process3D': () => ({ inspectionId: 1 }),
  'POST /api/v1/customers/': () => ({
    company_name: 'Odd Input Power',
    poc_first_name: 'Pat',
    poc_last_name: 'Lee',
    poc_email: 'pat@odd.example',
    poc_phone: '3035550100',
    status: 1,
    inspection_fields: ['Crossarm'],
  }),
  'PUT /api/v1/customers/': () => ({
    id: 1,
    company_name: 'Odd Input Power',
    poc_first_name: 'Pat',
    poc_last_name: 'Lee',
    poc_email: 'pat@odd.example',
    poc_phone: '3035550100',
    status: 1,
    inspection_fields: ['Crossarm'],
  }),
  'POST /api/v1/leads/': () => ({
    first_name: 'Pat',
    last_name: 'Lee',
    company_name: 'Odd Input Power',
    email: 'pat@odd.example',
    phone: '3035550100',
    message: 'Please inspect our feeder.',
    form_token: 'token',
  }),
  // The select-all form: its search is text too (photos picked by id: delivery.test.ts).
  'POST /api/v1/deliveries': () => ({
    projectId: 1,
    filter: { lineIds: [1], q: 'T-1', delivery: 'undelivered' },
    exclude: [2],
    archiveName: 'Delivery 1',
  }),
  'POST /api/v1/project-reports': () => ({ projectId: 1 }),
  'POST /api/v1/inspections/imageViewed': () => ({ imageId: 1 }),
  'POST /api/v1/inspections/imageZoomed': () => ({ imageId: 1 }),
  'POST /api/v1/inspections/requestReshoot/:id': () => ({ reason: 'Blurred', pole: 'T-1', line: 'L-1' }),
  'POST /api/v1/annotations': () => ({
    image_id: 1,
    rectangle: { x: 1, y: 1, width: 20, height: 20 },
    category: 1,
    category_label: 'Pole',
    sub_category_label: 'Rot',
    text: 'Rot at the base',
    risk_level: 2,
    image_width: 100,
    image_height: 100,
  }),
  'POST /api/v1/annotations/newComponent/addComponent': () => ({ newComponent: 'Bird Guard' }),
  'POST /api/v1/annotations/newDeficiency/addDeficiency': () => ({ newDeficiency: 'Loose', categoryId: 1 }),
  'PUT /api/v1/annotations/updateNote': () => ({ imageNote: 'Look at the crossarm' }),
  'PUT /api/v1/inspections/images/stepclip/:id': () => ({
    topangleouter: 12.5,
    topangle: 10,
    bottomangleouter: -3,
    bottomangle: -4,
  }),
  'POST /api/v1/inspections/ett/saveArmEdits': () => ({
    arm_position_id: 1,
    classification: 'Original',
    manufacturer: 'F',
    part: 'P-1',
    serial_num: 'S-1',
    release_num: 'R-1',
    newNote: 'Bent',
  }),
  'POST /api/v1/inspections/ett/updateImageType': () => ({ ett_photo_type_id: 1 }),
  'POST /api/v1/inspections/abb/updateAbbTypes': () => ({ imageId: 1, abbTypeIds: [1, 2] }),
  'POST /api/v1/pilots': () => ({
    first_name: 'Odd',
    last_name: 'Pilot',
    email: 'odd.pilot@example.test',
    phone: '(303) 555-0100',
    availability: 'available',
    license_expiration: '2027-03-02T12:00:00.000Z',
    home_base: 'Denver, CO',
    aircraft: 'DJI Matrice 350',
    proficiencies: ['Night flight'],
    certifications: ['FAA Part 107'],
    skills: ['Thermal'],
  }),
  'PUT /api/v1/pilots/assign': () => ({ project_id: 1, user_id: 1, pilot_note: 'Lead pilot' }),
  'PUT /api/v1/pilots/unassign': () => ({ project_id: 1, user_id: 1, pilot_note: '' }),
  'POST /api/v1/pilots/checkAvailability': () => ({ project_id: 1, user_id: 1, pilot_note: '' }),
  'PUT /api/v1/pilots/scheduling-response': () => ({ token: 'a'.repeat(43), accept: true }),
  'POST /api/v1/assignment/saveStructuresToCrewGroup': () => [1, 2],
  'POST /api/v1/assignment/unAssignStructuresFromCrewGroup': () => [1, 2],
  'POST /api/v1/wibotic/flightplan/uploaded': () => ({ url: 'flight-plans/1/x.plan', filename: 'x.plan' }),
  'POST /api/v1/ai/model': () => ({ className: 'Bird Nest', description: 'Nests on arms', holdback_pct: 20 }),
  'PUT /api/v1/ai/model/:id': () => ({
    className: 'Bird Nest',
    description: 'Nests on arms',
    holdback_pct: 20,
  }),
  'POST /api/v1/ai/image_uploaded/:id': () => ({
    imageUrl: 'ai/1/x.jpg',
    fileName: 'x.jpg',
    md5_hash: '1B2M2Y8AsgTpgAmY7PhCfg==',
  }),
  'POST /api/v1/ai/patch/:modelId': () => ({
    image_id: 1,
    width: 20,
    height: 20,
    left: 1,
    top: 1,
    note: 'Nest',
  }),
  'POST /api/v1/ai/model/:id/images/:imageId/nothingToFind': () => ({ nothing_to_find: true }),
  'POST /api/v1/ai/model/:id/runOnProject': () => ({ projectId: 1, onlyUnreviewed: false }),
  'POST /api/v1/ai/markups/:id/accept': () => ({ category: 1, risk_level: 3, text: 'Nest on the arm' }),
  'POST /api/v1/ai/markups/reviewAll': () => ({ imageId: 1, minScore: 0.5, action: 'dismiss', text: 'Nest' }),
  'POST /api/v1/basemap/extracts': () => ({ url: 'basemap/1/x.pmtiles' }),
  'POST /api/v1/sensors/devices': () => ({ device_id: 'odd-device-1', structure_id: 1 }),
  'PUT /api/v1/sensors/devices/:deviceId': () => ({ structure_id: 1 }),
  'PUT /api/v1/sensors/alert-rules': () => ({ rules: [DEFAULT_RULE_SETS.distribution] }),
  'PUT /api/v1/sensors/alert-subscription': () => ({ subscribed: true }),
  'POST /api/v1/drones/sendCommand/:id': () => ({
    requestId: '00000000-0000-4000-8000-0000000000aa',
    endpoint: '/takeoff',
    requestJson: null,
  }),
  'POST /api/v1/drones/:id/emergencyStop': () => ({ active: true }),
  'POST /api/v1/drones': () => oddDrone(),
  'PUT /api/v1/drones/:id': () => oddDrone(),
  'POST /api/v1/drones/:id/retire': () => ({ retired: true }),
  'POST /api/v1/bids/kmzCheck': () => ({ kmzs: [oddKmz()] }),
  'POST /api/v1/bids/kmzSkippedRows': () => ({ kmzs: [oddKmz()], index: 0 }),
  'POST /api/v1/shipment/orders': () => ({ asset_id: 1, status_address: 'Pole yard, Salina, KS' }),
  'POST /api/v1/shipment/orders/:id/updates': () => ({
    pole_order_status_id: 2,
    status_address: 'Pole yard, Salina, KS',
  }),
  'POST /api/v1/shipment/webhook': () => ({
    update_id: 'carrier-1',
    order_id: 1,
    pole_order_status_id: 3,
    status_address: 'I-70, Hays, KS',
  }),
  'POST /api/v1/sensors/readings': () => ({
    payload_time: '2026-11-28T12:00:00Z',
    payload: { tilt: [{ x: 0.1, y: 0.2, z: 0.3 }] },
  }),
};

/** A mapped KMZ of the bid step (no such upload: the routes answer for the file, not for the body). */
function oddKmz() {
  return { url: 'kmz/1/x.kmz', name: 'x.kmz', lineField: 'folder', structureField: 'name' };
}

/**
 * Routes whose caller is a signature over the raw body (a carrier's webhook): nothing of the body is read
 * before the signature holds, so an unsigned odd body is 401 (orderWebhook.test.ts covers signed ones).
 */
const SIGNED_BODY_ROUTES = new Set(['POST /api/v1/shipment/webhook']);

/** The URL with path ids and required query ids filled in. */
const target = (route: BodyRoute) =>
  `${route.url.replace(':uuid', '00000000-0000-4000-8000-000000000001').replace(/:\w+/g, '1')}${QUERY_IDS}`;
/** Every required query id of the body routes; the ones a route does not read are ignored. */
const QUERY_IDS = '?projectId=1&crewGroupId=1&structureId=1&newStructureId=1&imageId=1&wibotic_box_id=BOX-1';

/** Every path to a string in the payload, e.g. ['kmzs', 0, 'url']. */
function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  }
  return [];
}

function withValueAt(payload: unknown, path: Array<string | number>, value: string): unknown {
  const copy = structuredClone(payload) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

/** Routes whose preValidation hook reads the body's form before the schemas (and the depth bound) run. */
const DEPTH_CHECKED_AFTER_OWN_FORM = new Set(['POST /api/v1/inspections/complete/:id']);

describe('odd input on every route with a body', () => {
  it('has a valid sample body for every such route (add one for a new route)', async () => {
    const listed = (await bodyRoutes()).map((r) => `${r.method} ${r.url}`).sort();
    expect(listed.length).toBeGreaterThan(5);
    expect(Object.keys(VALID_BODIES).sort()).toEqual(listed);
  });

  it('answers 400 naming the body when it is missing, empty or null', async () => {
    for (const route of await bodyRoutes()) {
      const attempts = [
        { payload: 'null', headers: { 'content-type': 'application/json' } },
        { payload: '', headers: { 'content-type': 'application/json' } },
        { headers: {} },
      ];
      for (const attempt of attempts) {
        const res = await ctx.app.inject({
          method: route.method,
          url: target(route),
          ...attempt,
          headers: { ...attempt.headers, ...bearer(token) },
        });
        const label = `${route.method} ${route.url} with ${JSON.stringify(attempt.payload ?? 'no body')}`;
        if (SIGNED_BODY_ROUTES.has(`${route.method} ${route.url}`)) {
          expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
          continue;
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json(), label).toMatchObject({
          code: 'validation_failed',
          issues: [{ path: 'body', message: BODY_REQUIRED_MESSAGE }],
        });
      }
    }
  });

  it('answers 400 naming the field for a NUL or a lone surrogate in any text field', async () => {
    for (const route of await bodyRoutes()) {
      const valid = VALID_BODIES[`${route.method} ${route.url}`]!();
      for (const path of stringPaths(valid)) {
        for (const bad of ['Sal\u0000ina', 'Sal\uD800ina']) {
          const res = await ctx.app.inject({
            method: route.method,
            url: target(route),
            payload: JSON.stringify(withValueAt(valid, path, bad)),
            headers: { 'content-type': 'application/json', ...bearer(token) },
          });
          const field = ['body', ...path].join('.');
          const label = `${route.method} ${route.url} ${field}`;
          if (SIGNED_BODY_ROUTES.has(`${route.method} ${route.url}`)) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
            continue;
          }
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          const issues = res.json<{ issues?: Array<{ path: string; message: string }> }>().issues ?? [];
          const issue = issues.find((i) => i.path === field);
          expect(issue, `${label}: ${res.body}`).toBeDefined();
          // Free text says why; a field with a fixed list of values (an enum) says which values it takes.
          if (!issue!.message.startsWith('Invalid option')) {
            expect(issue!.message, label).toBe(TEXT_MESSAGES.invalidCharacter);
          }
        }
      }
    }
  });

  it('answers 400 for a body nested 100,000 deep, whole or in one field (no stack overflow, no 500)', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const deepObjects = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    for (const route of await bodyRoutes()) {
      const valid = VALID_BODIES[`${route.method} ${route.url}`]!() as Record<string, unknown>;
      const field = Object.keys(valid)[0] ?? 'x';
      const inField = JSON.stringify({ ...valid, [field]: '__DEEP__' }).replace('"__DEEP__"', deepObjects);
      for (const payload of [deep, inField]) {
        const res = await ctx.app.inject({
          method: route.method,
          url: target(route),
          payload,
          headers: { 'content-type': 'application/json', ...bearer(token) },
        });
        const label = `${route.method} ${route.url} ${payload === deep ? 'whole body' : `body.${field}`}`;
        if (SIGNED_BODY_ROUTES.has(`${route.method} ${route.url}`)) {
          // Checked for its signature first; the webhook's small body limit may answer 413 before that.
          expect([401, 413], `${label}: ${res.body}`).toContain(res.statusCode);
          continue;
        }
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json(), label).toMatchObject({ code: 'validation_failed' });
        // A route's own check before validation (the completion form's) may refuse the field first.
        if (!DEPTH_CHECKED_AFTER_OWN_FORM.has(`${route.method} ${route.url}`)) {
          expect(res.json().issues, label).toEqual([{ path: 'body', message: BODY_TOO_DEEP_MESSAGE }]);
        }
      }
    }
  });
});

interface AnyRoute {
  method: string;
  url: string;
}

/** Every route with its query parameters (from the OpenAPI document, made from the same schemas). */
async function everyRoute(): Promise<Array<AnyRoute & { query: string[] }>> {
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  }>();
  return ctx.app.apiRoutes
    .filter((r) => !/logout/.test(r.url))
    .map((route) => {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      const query = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      return { method: route.method, url: route.url, query };
    });
}

/** Ids past PostgreSQL's integer, text with NUL, numbers that are not ids, nothing at all. */
const ODD_QUERY_VALUES = ['2147483648', '99999999999999999999', '-1', '1.5', 'Sal\u0000ina', '', 'abc'];
const ODD_PATH_VALUES = ['2147483648', '99999999999999999999', '-1', '1.5', 'Sal%00ina', 'abc'];

function fill(url: string, odd?: { name: string; value: string }): string {
  return url
    .replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
      if (odd && name === odd.name) return odd.value;
      if (match === '*') return 'uploads/csv/x.csv';
      return name === 'uuid' ? '00000000-0000-4000-8000-000000000001' : '1';
    })
    .replace(/\?.*$/, '');
}

function send(route: AnyRoute, url: string) {
  const body = VALID_BODIES[`${route.method} ${route.url}`];
  return ctx.app.inject({
    method: route.method as Method | 'GET',
    url,
    ...(body
      ? { payload: JSON.stringify(body()), headers: { 'content-type': 'application/json', ...bearer(token) } }
      : { headers: bearer(token) }),
  });
}

describe('odd input in every query and path parameter', () => {
  it('never answers 500', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of await everyRoute()) {
      const base = new URLSearchParams(QUERY_IDS.slice(1));
      for (const name of route.query) {
        for (const value of ODD_QUERY_VALUES) {
          const params = new URLSearchParams(base);
          params.set(name, value);
          const url = `${fill(route.url)}?${params.toString()}`;
          const res = await send(route, url);
          calls++;
          if (res.statusCode >= 500) failures.push(`${route.method} ${url} → ${res.statusCode} ${res.body}`);
        }
      }
      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        for (const value of ODD_PATH_VALUES) {
          const url = `${fill(route.url, { name: name!, value })}${QUERY_IDS}`;
          const res = await send(route, url);
          calls++;
          if (res.statusCode >= 500) failures.push(`${route.method} ${url} → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses NUL in query text with 400 naming the parameter, as in bodies', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/admin/jobs?name=${encodeURIComponent('mail\u0000deliver')}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'querystring.name', message: TEXT_MESSAGES.invalidCharacter }],
    });
  });

  it('refuses ids past the integer columns in queries and bodies with 400', async () => {
    const lines = await ctx.app.inject({
      url: '/api/v1/structures/lines?projectId=2147483648',
      headers: bearer(token),
    });
    expect(lines.statusCode).toBe(400);
    const byCompany = await ctx.app.inject({
      url: '/api/v1/structures/linesByCompany?companyId=2147483648',
      headers: bearer(token),
    });
    expect(byCompany.statusCode).toBe(400);
    for (const field of ['company_id', 'ptype_id', 'ptier_id', 'id']) {
      for (const [method, url] of [
        ['POST', '/api/v1/projects'],
        ['PUT', '/api/v1/projects/upsert'],
      ] as const) {
        const body = { ...(VALID_BODIES[`${method} ${url}`]!() as object), [field]: 2147483648 };
        const res = await ctx.app.inject({
          method,
          url,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json', ...bearer(token) },
        });
        expect(res.statusCode, `${method} ${url} ${field}: ${res.body}`).toBe(400);
      }
    }
    const model = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ai/model',
      payload: { className: 'Past The Column', holdback_pct: 20 },
      headers: bearer(token),
    });
    expect(model.statusCode, model.body).toBe(200);
    const classId = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/ai/model/${model.json().model_id}`,
      payload: { ...(VALID_BODIES['PUT /api/v1/ai/model/:id']!() as object), model_class_id: 2147483648 },
      headers: bearer(token),
    });
    expect(classId.statusCode, classId.body).toBe(400);
  });
});
