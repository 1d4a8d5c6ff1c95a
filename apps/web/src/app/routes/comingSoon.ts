import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

export interface Area {
  path: string;
  title: string;
  description: string;
}

/**
 * Areas that later issues build. Each still gets its own lazily loaded page so that no route is
 * ever blank. When an area is built, its route goes into router.tsx and its entry leaves this list.
 */
export const COMING_SOON_AREAS: Area[] = [
  {
    path: paths.assets.path,
    title: 'Assets',
    description: 'Asset order tracking (map and order table) is coming soon.',
  },
  {
    path: paths.remoteFlight.path,
    title: 'Remote Flight',
    description: 'The remote flight console is coming soon.',
  },
];

/** Carried in the route's `handle`, where the shared page reads it. */
export interface ComingSoonHandle {
  comingSoon: Area;
}

export const comingSoonRoutes = (): RouteObject[] =>
  COMING_SOON_AREAS.map((area) => ({
    path: area.path,
    handle: { comingSoon: area } satisfies ComingSoonHandle,
    lazy: () => import('./ComingSoonRoute.tsx').then((m) => ({ Component: m.ComingSoonRoute })),
  }));
