import { endpoints } from '@linewalker/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest } from './api.ts';

/** The requests apiRequest made, with a canned answer for each. */
function answerWith(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const JOB = {
  id: 7,
  name: 'images.ingest',
  state: 'failed',
  attempts: 3,
  maxAttempts: 3,
  progress: null,
  result: null,
  error: 'disk full',
  createdAt: '2026-11-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  runAt: '2026-11-01T10:00:00.000Z',
  createdBy: null,
  createdByEmail: null,
};

describe('apiRequest(endpoint, …)', () => {
  it('fills the path parameters, takes the method from the endpoint and parses the answer with its schema', async () => {
    const parsed = endpoints.jobs.retry.response.safeParse(JOB);
    // The canned job must be a valid answer for this test to say anything.
    expect(parsed.error).toBeUndefined();
    const calls = answerWith(200, JOB);
    const job = await apiRequest(endpoints.jobs.retry, { params: { id: 7 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/admin/jobs/7/retry');
    expect(calls[0]!.init.method).toBe('POST');
    expect(job.id).toBe(7);
  });

  it('writes the query into the URL, leaving out undefined values', async () => {
    const calls = answerWith(200, { items: [], total: 0, names: [] });
    await apiRequest(endpoints.jobs.list, {
      query: { limit: 50, offset: 0, state: 'failed', name: undefined },
    });
    expect(calls[0]!.url).toBe('/api/v1/admin/jobs?limit=50&offset=0&state=failed');
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('refuses an answer its schema does not describe', async () => {
    answerWith(200, { items: 'not a list', total: 0 });
    await expect(apiRequest(endpoints.admin.audit, { query: { limit: 50, offset: 0 } })).rejects.toThrow();
  });

  it("turns an error answer into an ApiRequestError with the catalogue's code", async () => {
    answerWith(404, { code: 'not_found', message: 'Job not found' });
    const error = await apiRequest(endpoints.jobs.status, { params: { id: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
    expect((error as ApiRequestError).code).toBe('not_found');
  });
});

/** Calls that must not compile (tsc checks this file; the function is never run). */
export function callsTheEndpointTableRefuses() {
  // @ts-expect-error: the path parameter is missing.
  void apiRequest(endpoints.jobs.retry, {});
  // @ts-expect-error: the id is a number, not a string.
  void apiRequest(endpoints.jobs.retry, { params: { id: '7' } });
  // @ts-expect-error: this endpoint takes no body.
  void apiRequest(endpoints.jobs.retry, { params: { id: 7 }, body: { force: true } });
  // @ts-expect-error: 'stuck' is not a job state.
  void apiRequest(endpoints.jobs.list, { query: { state: 'stuck' } });
}
