import type { Session } from '@linewalker/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { theme } from '../app/theme.ts';
import { queryKeys } from '../lib/queryKeys.ts';

/** A query client for one test: no retries, and seeded data counts as fresh (no refetch behind the test's back). */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

export function sessionFor(roleName: Session['roleName'], overrides: Partial<Session> = {}): Session {
  return {
    userId: 7,
    roleId: 1,
    roleName,
    companyId: 1,
    companyName: 'Linewalker',
    firstName: 'Ina',
    lastName: 'Spector',
    email: 'ina@example.com',
    expiresAt: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * Renders `ui` inside the app's providers (Mantine with the app theme, a fresh query client), with a
 * user-event instance. `session` seeds who is logged in.
 */
/** The app's providers around a test's tree; env="test": no transitions or portals, so what opens is there at once. */
export function providers(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  options: { session?: Session | null; client?: QueryClient } = {},
) {
  const client = options.client ?? testQueryClient();
  if (options.session !== undefined) client.setQueryData(queryKeys.session, options.session);
  const wrapper = providers(client);
  // delay: null types without a timer between keys: quicker, and independent of the clock.
  return { user: userEvent.setup({ delay: null }), client, ...render(ui, { wrapper }) };
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stands in for the server at the network boundary: answers each request with `answer(request)`
 * (status and JSON body) and records what was sent, so a test can check what a form really sends.
 */
export function fakeApi(answer: (request: RecordedRequest) => { status: number; body: unknown }) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    };
    requests.push(request);
    const { status, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, requests };
}
