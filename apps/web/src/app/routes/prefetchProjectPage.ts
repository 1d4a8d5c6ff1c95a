import { findProjectBySlug } from '@linewalker/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { preloadMapStyle } from '../../components/map/preloadMapStyle.ts';
import { prefetchAssignment } from '../../features/assignment/api/getAssignment.ts';
import { projectQueryOptions } from '../../features/projects/api/getProject.ts';
import { projectsQueryOptions } from '../../features/projects/api/getProjects.ts';
import { resolveSubpage } from '../../features/projects/components/projectSubpage.ts';
import { sessionQueryOptions } from '../../lib/session.ts';
import { projectTabModules } from './projectTabModules.ts';

/**
 * The project route's loader: starts, without waiting for any of it, what the page will ask for one
 * after the other as it renders (session, project list, project, then the sub-page's code and data), so
 * the requests run while the page's code still loads and the large ones start a few round trips earlier.
 * The page's own queries then find them in the cache or in flight. Failures are left to the page.
 */
export function projectPageLoader(queryClient: QueryClient) {
  return ({ params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>) => {
    const { projectSlug = '', subpage } = params;
    if (subpage && subpage in projectTabModules) {
      projectTabModules[subpage as keyof typeof projectTabModules]().catch(() => {
        // The tab's own lazy load reports it.
      });
    }
    prefetchSubpageData(queryClient, projectSlug, subpage, new URL(request.url).searchParams).catch(() => {
      // The page asks again and shows the failure.
    });
    return null;
  };
}

/**
 * Whether the loader runs again on a navigation: only for another project or sub-page. The address's search
 * moves with every photo the viewer steps to, and asks for nothing the loader starts.
 */
export const projectPageRevalidates = ({
  currentParams,
  nextParams,
}: Pick<ShouldRevalidateFunctionArgs, 'currentParams' | 'nextParams'>) =>
  currentParams.projectSlug !== nextParams.projectSlug || currentParams.subpage !== nextParams.subpage;

async function prefetchSubpageData(
  queryClient: QueryClient,
  projectSlug: string,
  requested: string | undefined,
  search: URLSearchParams,
): Promise<void> {
  // The map's settings and, without a configured style, the offline map's shapes first: they are public,
  // and later they would queue behind the structures on the server.
  if (requested === 'assignment') preloadMapStyle(queryClient);
  // The project list (every sub-page finds its project there by the slug) goes out with the session instead
  // of after it: one round trip less before the structures are asked for. Without a session it answers 401,
  // which the page never reads (it shows the login).
  const projects = queryClient.ensureQueryData(projectsQueryOptions());
  projects.catch(() => {
    // Awaited below only with a session; the page asks again and shows the failure.
  });
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!session) return;
  const choice = resolveSubpage(requested, search, session.roleName);
  if (choice.kind !== 'show' || choice.subpage !== 'assignment') return;
  const project = findProjectBySlug(await projects, projectSlug);
  if (!project) return;
  void queryClient.prefetchQuery(projectQueryOptions(project.id));
  prefetchAssignment(queryClient, project.id);
}
