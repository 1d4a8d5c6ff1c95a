import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api.ts';

/** Client errors (4xx) are answers, not outages: retrying them only repeats the same answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * @param onUnauthorized called when any call answers 401, i.e. the session ended on the server
 *   (expired or revoked) while the page still thought it was logged in.
 */
export function createQueryClient(onUnauthorized: (client: QueryClient) => void): QueryClient {
  const handle = (error: unknown) => {
    if (isApiError(error, 'unauthorized')) onUnauthorized(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
