/**
 * Every route of the web app in one place (spec 1 §2, spec 3 §2). `path` is the router pattern,
 * `getHref` builds a link to it.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },

  // Public
  login: {
    path: '/login',
    getHref: (returnTo?: string | null) =>
      returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login',
  },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** An invitation's link: a new user sets a first password (the reset-token flow, its own wording). */
  setPassword: { path: '/set-password', getHref: () => '/set-password' },
  schedulingResponse: { path: '/scheduling-response', getHref: () => '/scheduling-response' },
  eula: { path: '/eula', getHref: () => '/eula' },
  /** The server's health check, shown as a page (the endpoint is `GET /api/v1/health`). */
  health: { path: '/health', getHref: () => '/health' },
  requestInspection: { path: '/request-inspection', getHref: () => '/request-inspection' },

  // Logged in
  projects: { path: '/projects', getHref: () => '/projects' },
  project: {
    path: '/projects/:projectSlug/:subpage?',
    getHref: (projectSlug: string, subpage?: string) =>
      `/projects/${encodeURIComponent(projectSlug)}${subpage ? `/${encodeURIComponent(subpage)}` : ''}`,
  },
  pilots: { path: '/pilots', getHref: () => '/pilots' },
  customers: { path: '/customers', getHref: () => '/customers' },
  users: { path: '/users', getHref: () => '/users' },
  rfp: { path: '/rfp', getHref: () => '/rfp' },
  assets: { path: '/assets', getHref: () => '/assets' },
  assetHealth: { path: '/asset-health', getHref: () => '/asset-health' },
  ai: { path: '/ai', getHref: () => '/ai' },
  aiModel: { path: '/ai/:modelName', getHref: (modelName: string) => `/ai/${encodeURIComponent(modelName)}` },
  remoteFlight: { path: '/remote-flight', getHref: () => '/remote-flight' },
  sensor: { path: '/sensor', getHref: () => '/sensor' },

  // Super admin
  adminOutbox: { path: '/admin/outbox', getHref: () => '/admin/outbox' },
  adminAudit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  adminJobs: { path: '/admin/jobs', getHref: () => '/admin/jobs' },
  adminLeads: { path: '/admin/leads', getHref: () => '/admin/leads' },
  adminDrones: { path: '/admin/drones', getHref: () => '/admin/drones' },
  adminBasemap: { path: '/admin/basemap', getHref: () => '/admin/basemap' },

  // Files served next to the app
  eulaPdf: { path: '/eula.pdf', getHref: () => '/eula.pdf' },
} as const;
