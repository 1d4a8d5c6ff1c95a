import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { NotFoundPanel } from '../components/NotFoundPanel.tsx';
import { paths } from '../config/paths.ts';
import { prefetchAssetHealth } from '../features/assetHealth/api/getAssetHealth.ts';
import { RequireAuth } from '../features/auth/components/RequireAuth.tsx';
import { RequireSuperAdmin } from '../features/auth/components/RequireSuperAdmin.tsx';
import { prefetchSensors } from '../features/sensors/api/getSensorData.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { projectPageLoader, projectPageRevalidates } from './routes/prefetchProjectPage.ts';
import { RouteErrorBoundary } from './routes/RouteErrorBoundary.tsx';

/**
 * The route table of spec 1 §2 / spec 3 §2. Pages load lazily; the shell and guards load at once. Loaders
 * only start requests early (into `queryClient`); pages render from their own queries.
 */
export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter([
    {
      path: paths.home.path,
      Component: AppLayout,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        { index: true, element: <Navigate to={paths.projects.getHref()} replace /> },

        // Public
        {
          path: paths.login.path,
          lazy: () =>
            import('../features/auth/routes/LoginRoute.tsx').then((m) => ({ Component: m.LoginRoute })),
        },
        {
          path: paths.resetPassword.path,
          lazy: () =>
            import('../features/auth/routes/ResetPasswordRoute.tsx').then((m) => ({
              Component: m.ResetPasswordRoute,
            })),
        },
        {
          path: paths.setPassword.path,
          lazy: () =>
            import('../features/auth/routes/ResetPasswordRoute.tsx').then((m) => ({
              Component: m.SetPasswordRoute,
            })),
        },
        {
          path: paths.schedulingResponse.path,
          lazy: () =>
            import('../features/pilots/routes/SchedulingResponseRoute.tsx').then((m) => ({
              Component: m.SchedulingResponseRoute,
            })),
        },
        {
          path: paths.requestInspection.path,
          lazy: () =>
            import('../features/customers/routes/RequestInspectionRoute.tsx').then((m) => ({
              Component: m.RequestInspectionRoute,
            })),
        },
        {
          path: paths.eula.path,
          lazy: () =>
            import('../features/auth/routes/EulaRoute.tsx').then((m) => ({ Component: m.EulaRoute })),
        },
        {
          path: paths.health.path,
          lazy: () =>
            import('../features/health/routes/HealthRoute.tsx').then((m) => ({ Component: m.HealthRoute })),
        },

        // Everything else needs a session
        {
          Component: RequireAuth,
          children: [
            // Listed before the 'coming soon' placeholders of the same paths, so these win.
            {
              path: paths.projects.path,
              lazy: () =>
                import('../features/projects/routes/ProjectsRoute.tsx').then((m) => ({
                  Component: m.ProjectsRoute,
                })),
            },
            {
              path: paths.project.path,
              // Static, so it runs while the page's chunk loads.
              loader: projectPageLoader(queryClient),
              shouldRevalidate: projectPageRevalidates,
              lazy: () => import('./routes/ProjectPage.tsx').then((m) => ({ Component: m.ProjectPage })),
            },
            {
              path: paths.customers.path,
              lazy: () =>
                import('../features/customers/routes/CustomersRoute.tsx').then((m) => ({
                  Component: m.CustomersRoute,
                })),
            },
            {
              path: paths.users.path,
              lazy: () =>
                import('../features/users/routes/UsersRoute.tsx').then((m) => ({ Component: m.UsersRoute })),
            },
            {
              path: paths.pilots.path,
              lazy: () =>
                import('../features/pilots/routes/PilotsRoute.tsx').then((m) => ({
                  Component: m.PilotsRoute,
                })),
            },
            {
              path: paths.rfp.path,
              lazy: () =>
                import('../features/bids/routes/BidsRoute.tsx').then((m) => ({ Component: m.BidsRoute })),
            },
            {
              path: paths.ai.path,
              lazy: () =>
                import('../features/ai/routes/AiModelsRoute.tsx').then((m) => ({
                  Component: m.AiModelsRoute,
                })),
            },
            {
              path: paths.aiModel.path,
              lazy: () =>
                import('../features/ai/routes/AiModelRoute.tsx').then((m) => ({ Component: m.AiModelRoute })),
            },
            {
              path: paths.sensor.path,
              loader: () => {
                prefetchSensors(queryClient);
                return null;
              },
              lazy: () =>
                import('../features/sensors/routes/SensorsRoute.tsx').then((m) => ({
                  Component: m.SensorsRoute,
                })),
            },
            {
              path: paths.assets.path,
              lazy: () =>
                import('../features/orders/routes/AssetsRoute.tsx').then((m) => ({
                  Component: m.AssetsRoute,
                })),
            },
            {
              path: paths.remoteFlight.path,
              lazy: () =>
                import('./routes/RemoteFlightPage.tsx').then((m) => ({ Component: m.RemoteFlightPage })),
            },
            {
              path: paths.assetHealth.path,
              loader: () => {
                prefetchAssetHealth(queryClient);
                return null;
              },
              lazy: () =>
                import('./routes/AssetHealthPage.tsx').then((m) => ({ Component: m.AssetHealthPage })),
            },
            {
              Component: RequireSuperAdmin,
              children: [
                {
                  path: paths.adminOutbox.path,
                  lazy: () =>
                    import('../features/admin/routes/OutboxRoute.tsx').then((m) => ({
                      Component: m.OutboxRoute,
                    })),
                },
                {
                  path: paths.adminAudit.path,
                  lazy: () =>
                    import('../features/admin/routes/AuditRoute.tsx').then((m) => ({
                      Component: m.AuditRoute,
                    })),
                },
                {
                  path: paths.adminLeads.path,
                  lazy: () =>
                    import('../features/customers/routes/LeadsRoute.tsx').then((m) => ({
                      Component: m.LeadsRoute,
                    })),
                },
                {
                  path: paths.adminDrones.path,
                  lazy: () =>
                    import('./routes/DronesAdminPage.tsx').then((m) => ({ Component: m.DronesAdminPage })),
                },
                {
                  path: paths.adminBasemap.path,
                  lazy: () =>
                    import('../features/basemap/routes/BasemapRoute.tsx').then((m) => ({
                      Component: m.BasemapRoute,
                    })),
                },
                {
                  path: paths.adminJobs.path,
                  lazy: () =>
                    import('../features/jobs/routes/JobsRoute.tsx').then((m) => ({
                      Component: m.JobsRoute,
                    })),
                },
              ],
            },
            { path: '*', Component: NotFoundPanel },
          ],
        },
      ],
    },
  ]);
