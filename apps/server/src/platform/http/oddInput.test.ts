import { TEXT_MESSAGES } from '@linewalker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { projectPayload } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { BODY_REQUIRED_MESSAGE } from './bodyValidator.ts';

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

/** A valid payload per body route (ids in the path and query are filled in by `target`). */
const VALID_BODIES: Record<string, () => unknown> = {
  'POST /api/v1/users/login': () => ({ email: 'someone@example.test', password: 'secret-password' }),
  'POST /api/v1/users/forgot-password': () => ({ email: 'someone@example.test' }),
  'POST /api/v1/users/resend-reset-password': () => ({ userId: 1 }),
  'POST /api/v1/users/reset-password': () => ({ userId: 1, token: 'abcdef', password: 'new-password-1' }),
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
  'POST /api/v1/assignment/saveStructuresToCrewGroup': () => [1, 2],
  'POST /api/v1/assignment/unAssignStructuresFromCrewGroup': () => [1, 2],
};

/** The URL with path ids and required query ids filled in. */
const target = (route: BodyRoute) =>
  `${route.url.replace(/:\w+/g, '1')}${route.url.includes('assignment/') ? '?projectId=1&crewGroupId=1' : ''}`;

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
});
