import { endpoints, type Session } from '@linewalker/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { dropEarlyAnswers } from './earlyFetch.ts';
import { queryKeys } from './queryKeys.ts';

/** The caller's session, or null when logged out (the cookie is HttpOnly, so we ask the server). */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  const { session } = await apiRequest(endpoints.auth.sessionState, { signal });
  return session;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    // The session only changes through login and logout, which write it into the cache themselves.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSession = () => useQuery(sessionQueryOptions());

/**
 * Starts the cache afresh for a new (or no) user, so one user's data never shows through to the
 * next (early answers too: they were asked for with the session the page was opened with). The session
 * query itself is kept and overwritten, because the shell is observing it.
 */
export function replaceSession(queryClient: QueryClient, session: Session | null): void {
  dropEarlyAnswers();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
  queryClient.setQueryData(queryKeys.session, session);
}
