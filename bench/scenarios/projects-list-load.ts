import { defineLoadScenario, load } from '../lib/load.ts';
import { loginCookie, type RunningServer, startBuiltServer } from '../lib/server.ts';

interface Context {
  server: RunningServer;
  cookie: string;
}

/**
 * 50 connections on GET /api/v1/projects with a logged-in cookie against the built server in its own
 * process (demo data), against GET /api/v1/health (public, one `select 1`) on the same server in the same
 * run. Target: the list's p99 ≤ 250 ms on PostgreSQL (issue 7 §5).
 */
export default defineLoadScenario<Context>({
  kind: 'load',
  name: 'projects-list-load',
  description: '50 connections on GET /projects (logged in) vs GET /health, built server, demo data',
  p99TargetMs: process.env.DATABASE_URL ? 250 : undefined,
  defaults: { connections: 50, seconds: 10, rounds: 3 },
  setup: async () => {
    const server = await startBuiltServer();
    const cookie = await loginCookie(server.baseUrl, 'admin@demo.linewalker.app', 'demo1234');
    return { server, cookie };
  },
  subject: ({ server, cookie }, options) =>
    load(`${server.baseUrl}/api/v1/projects`, { ...options, headers: { cookie } }),
  baseline: ({ server }, options) => load(`${server.baseUrl}/api/v1/health`, options),
  teardown: ({ server }) => server.stop(),
});
