import type { AdminJobsQuery, PageQuery, UserListQuery } from '@linewalker/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The only place query keys are built: one entry per server resource, each key starting with the
 * resource's name and, for project-scoped resources, the project id. So a change can name the
 * resources it touches, and invalidating a prefix refreshes every view of them, whichever feature
 * shows it (the overview's stats and the assignment tab's stats are one cache entry).
 */
export const queryKeys = {
  session: ['session'] as const,

  /** AI models (spec 3 §2): the list, one model, its images with their patches. */
  ai: {
    all: ['ai'] as const,
    models: () => ['ai', 'models'] as const,
    model: (id: number) => ['ai', 'model', id] as const,
    images: (id: number) => ['ai', 'model', id, 'images'] as const,
    /** A 'Run on project' job's status. */
    run: (jobId: number) => ['ai', 'run', jobId] as const,
  },
  /** Public settings of the server (GET /config). */
  config: ['config'] as const,
  /** The self-hosted basemap extract in use (super admins' Basemap page). */
  basemapExtract: ['basemapExtract'] as const,

  projects: {
    all: ['projects'] as const,
    lists: () => ['projects', 'list'] as const,
    /** The list depends on the viewer's calendar date (late, starting next week, …). */
    list: (today: string) => ['projects', 'list', today] as const,
    detail: (projectId: number) => ['projects', 'detail', projectId] as const,
  },

  /** Reference data: not under `projects`, so saving a project does not refetch them. */
  projectTypes: ['projectTypes'] as const,
  projectTiers: ['projectTiers'] as const,

  customers: {
    all: ['customers'] as const,
    list: () => ['customers', 'list'] as const,
    /** The Customers page: inactive ones too, with last login. */
    adminList: () => ['customers', 'adminList'] as const,
    nameInUse: (name: string, id: number | null) => ['customers', 'nameInUse', name, id] as const,
  },

  /** Bids (the Bids page). */
  bids: {
    all: ['bids'] as const,
    list: () => ['bids', 'list'] as const,
    kmzCheck: (kmzs: unknown) => ['bids', 'kmzCheck', kmzs] as const,
    importJob: (jobId: number) => ['bids', 'importJob', jobId] as const,
  },

  /** Leads from the public 'Request an inspection' form (super admins). */
  leads: {
    all: ['leads'] as const,
    list: () => ['leads', 'list'] as const,
    /** The public form's signed token, asked once per showing of the form. */
    formToken: ['leadFormToken'] as const,
  },

  /** Users administration (GET /users, the email checks of the user and pilot forms). */
  users: {
    all: ['users'] as const,
    list: (query: UserListQuery) => ['users', 'list', query] as const,
    emailInUse: (email: string) => ['users', 'emailInUse', email] as const,
  },
  roles: ['roles'] as const,
  pilotAttributes: ['pilotAttributes'] as const,

  /** The pilot directory (GET /pilots) and each project's Pilots tab (GET /pilots/project/{id}). */
  drones: {
    all: ['drones'] as const,
    list: ['drones', 'list'] as const,
    adminList: ['drones', 'adminList'] as const,
    control: (id: number) => ['drones', 'control', id] as const,
    flights: (id: number) => ['drones', 'flights', id] as const,
    flight: (id: number, flightId: number) => ['drones', 'flights', id, flightId] as const,
  },
  /** Asset Health (spec 3 §2): table pages, the map's preload, one asset's history. */
  assetHealth: {
    all: ['assetHealth'] as const,
    table: (params: Record<string, unknown>) => ['assetHealth', 'table', params] as const,
    map: (params: Record<string, unknown>) => ['assetHealth', 'map', params] as const,
    history: (assetId: number) => ['assetHealth', 'history', assetId] as const,
    companies: () => ['assetHealth', 'companies'] as const,
  },

  sensors: {
    all: ['sensors'] as const,
    data: (deviceId: string | null, range: string) => ['sensors', 'data', deviceId, range] as const,
    payload: (deviceId: string) => ['sensors', 'payload', deviceId] as const,
    alerts: (deviceId: string, range: string) => ['sensors', 'alerts', deviceId, range] as const,
    alertRules: (companyId: number | null) => ['sensors', 'alertRules', companyId] as const,
    subscription: () => ['sensors', 'alertSubscription'] as const,
    companies: () => ['sensors', 'companies'] as const,
  },

  /** Order tracking (/assets): the orders, their tracks, one order's history, the asset search. */
  orders: {
    all: ['orders'] as const,
    list: () => ['orders', 'list'] as const,
    tracks: () => ['orders', 'tracks'] as const,
    detail: (id: number) => ['orders', 'detail', id] as const,
    assets: (search: string) => ['orders', 'assets', search] as const,
  },

  pilots: {
    all: ['pilots'] as const,
    directory: () => ['pilots', 'directory'] as const,
    project: (projectId: number) => ['pilots', 'project', projectId] as const,
    byEmail: (email: string) => ['pilots', 'byEmail', email] as const,
  },

  /** A project's structures and what is counted from them (GET /structures/…). */
  structures: {
    all: ['structures'] as const,
    project: (projectId: number) => ['structures', projectId] as const,
    /** GET /structures/counts/{id}: the project stats (overview tiles, assignment header). */
    stats: (projectId: number) => ['structures', projectId, 'stats'] as const,
    lines: (projectId: number) => ['structures', projectId, 'lines'] as const,
    /** GET /inspections/uploadStats: the project header's image and structure tiles. */
    uploadStats: (projectId: number) => ['structures', projectId, 'uploadStats'] as const,
    /** GET /structures: one page of the overview table (`params` as sent). */
    page: (projectId: number, params: object) => ['structures', projectId, 'page', params] as const,
    /** GET /structures/overview: the overview map's points and risk counts for the header's filters. */
    overviewMap: (projectId: number, filters: { lineIds: readonly number[]; q: string }) =>
      ['structures', projectId, 'overviewMap', filters] as const,
  },

  /** A project's flight plans (GET /wibotic/flightplan…). */
  flightPlans: {
    project: (projectId: number) => ['flightPlans', projectId] as const,
    detail: (projectId: number, planId: number) => ['flightPlans', projectId, planId] as const,
  },

  /** A project's photos (GET /inspections/images…, byBounds, unassigned). */
  images: {
    all: ['images'] as const,
    project: (projectId: number) => ['images', projectId] as const,
    /** One stored photo's metadata (GET /inspections/images/getExif). */
    exif: (imageId: number) => ['images', 'exif', imageId] as const,
  },

  /** Crew groups, their personnel and which structure is in which crew (GET /assignment/{id}). */
  crews: {
    all: ['crews'] as const,
    project: (projectId: number) => ['crews', projectId] as const,
    assignment: (projectId: number) => ['crews', projectId, 'assignment'] as const,
  },

  /** The Upload tab's structures and photos of a project (GET /inspections/… upload-page calls). */
  uploads: {
    all: ['uploads'] as const,
    project: (projectId: number) => ['uploads', projectId] as const,
    structures: (projectId: number) => ['uploads', projectId, 'structures'] as const,
    structureImages: (projectId: number, structureId: number) =>
      ['uploads', projectId, 'structureImages', structureId] as const,
    unassigned: (projectId: number) => ['uploads', projectId, 'unassigned'] as const,
    /** `bounds` is the 'west,south,east,north' parameter as sent. */
    byBounds: (projectId: number, bounds: string) => ['uploads', projectId, 'byBounds', bounds] as const,
  },

  /** The Delivery (archive) sub-page: its table, counts, a structure's photos and the delivery packages. */
  delivery: {
    all: ['delivery'] as const,
    project: (projectId: number) => ['delivery', projectId] as const,
    /** `params`: filters and sort as sent (the pages are one infinite query). */
    structures: (projectId: number, params: Record<string, string | number>) =>
      ['delivery', projectId, 'structures', params] as const,
    counts: (projectId: number, params: Record<string, string | number>) =>
      ['delivery', projectId, 'counts', params] as const,
    images: (projectId: number, structureId: number, sort: string) =>
      ['delivery', projectId, 'images', structureId, sort] as const,
    packages: (projectId: number) => ['delivery', projectId, 'packages'] as const,
  },

  inspections: {
    all: ['inspections'] as const,
    project: (projectId: number) => ['inspections', 'project', projectId] as const,
    list: (projectId: number) => ['inspections', 'project', projectId, 'list'] as const,
    counts: (projectId: number) => ['inspections', 'project', projectId, 'counts'] as const,
    fieldOptions: () => ['inspections', 'fieldOptions'] as const,
  },

  /** The inspection viewer: one inspection, its photos, their annotations, the review history. */
  viewer: {
    all: ['viewer'] as const,
    inspection: (inspectionId: number) => ['viewer', inspectionId] as const,
    images: (inspectionId: number) => ['viewer', inspectionId, 'images'] as const,
    history: (inspectionId: number) => ['viewer', inspectionId, 'history'] as const,
    model3d: (inspectionId: number) => ['viewer', inspectionId, 'model3d'] as const,
    annotations: (imageId: number) => ['viewer', 'annotations', imageId] as const,
    /** The shot identifiers of the inspection's photos. */
    shotIdentifiers: (inspectionId: number) => ['viewer', inspectionId, 'shot-identifiers'] as const,
    report: (inspectionId: number) => ['viewer', inspectionId, 'report'] as const,
    /** The arms (flanges) of an ETT/ABB inspection. */
    ettArms: (inspectionId: number) => ['viewer', inspectionId, 'ettArms'] as const,
    /** Evaluation codes and knuckle/flat positions of an ETT/ABB project; ABB id types (fixed lists). */
    ettLists: (projectId: number) => ['viewer', 'ettLists', projectId] as const,
    abbIdTypes: ['viewer', 'abbIdTypes'] as const,
  },
  /** The shot identifier list (reference data). */
  imageIdentifiers: ['image-identifiers'] as const,
  /** A project's risk reports (PDF of every structure at risk ≥ 3) and their build progress. */
  projectReports: (projectId: number) => ['projectReports', projectId] as const,
  /** Components and deficiencies (annotation categories). */
  categories: ['categories'] as const,

  admin: {
    audit: (page: PageQuery) => ['admin', 'audit', page] as const,
    outbox: (page: PageQuery) => ['admin', 'outbox', page] as const,
    jobs: {
      all: ['admin', 'jobs'] as const,
      list: (query: AdminJobsQuery) => ['admin', 'jobs', query] as const,
    },
  },
};

/**
 * What each kind of change makes stale, as key prefixes. Mutations invalidate through these, so a
 * new view of a resource is refreshed by every change to it without touching the mutations.
 */
export const staleAfter = {
  /**
   * Structures assigned or unassigned, a crew group added or deleted, personnel changed: the crews
   * and every view of the project's structures (map, table, stats, lines).
   */
  crewChange: (projectId: number): QueryKey[] => [
    queryKeys.crews.project(projectId),
    queryKeys.structures.project(projectId),
  ],
  /**
   * An inspection completed: its list and counts, the structure stats (Inspected) and the
   * project's progress in its detail and in the project list.
   */
  inspectionCompleted: (projectId: number): QueryKey[] => [
    queryKeys.inspections.project(projectId),
    queryKeys.structures.stats(projectId),
    queryKeys.projects.detail(projectId),
    queryKeys.projects.lists(),
  ],
  /**
   * A project created or edited: an edit may import structures, which brings new inspections and
   * unassigned structures, so everything project-related is refreshed.
   */
  projectSaved: (): QueryKey[] => [
    queryKeys.projects.all,
    queryKeys.structures.all,
    queryKeys.crews.all,
    queryKeys.inspections.all,
  ],
  /**
   * A batch of photos uploaded: every view of the project's structures (image counts, stats, the
   * header tiles) and of its photos (spec 2 §4: structures and stats are reloaded).
   */
  imagesUploaded: (projectId: number): QueryKey[] => [
    queryKeys.structures.project(projectId),
    queryKeys.images.project(projectId),
    queryKeys.uploads.project(projectId),
    queryKeys.delivery.project(projectId),
  ],
  /**
   * Photos reassigned or rejected: the Upload tab's lists and the project's counts (image counts of
   * structures, stats tiles, the inspections' photos).
   */
  imagesChanged: (projectId: number): QueryKey[] => [
    queryKeys.uploads.project(projectId),
    queryKeys.structures.project(projectId),
    queryKeys.inspections.project(projectId),
    queryKeys.delivery.project(projectId),
  ],
  /**
   * Photos delivered ('Archive Selected'): the Delivery page (table, counts, packages) and the Upload
   * tab, which marks delivered photos and can hide them.
   */
  delivered: (projectId: number): QueryKey[] => [
    queryKeys.delivery.project(projectId),
    queryKeys.uploads.project(projectId),
  ],
  /**
   * A structure added, edited or removed, or a line added: every view of the project's structures
   * (upload map and table, assignment, inspections, stats, lines).
   */
  structuresChanged: (projectId: number): QueryKey[] => [
    queryKeys.uploads.project(projectId),
    queryKeys.structures.project(projectId),
    queryKeys.crews.project(projectId),
    queryKeys.inspections.project(projectId),
    queryKeys.delivery.project(projectId),
  ],
  /** A customer created or saved (perhaps from a lead): both customer lists, name checks and the leads. */
  customerSaved: (): QueryKey[] => [queryKeys.customers.all, queryKeys.leads.all],
  /** A drone registered, edited or retired: the admin list and the console's picker. */
  droneSaved: (): QueryKey[] => [queryKeys.drones.all],
  /** A user created or saved: every user list and email check, and the attributes a pilot may have added. */
  userSaved: (): QueryKey[] => [queryKeys.users.all, queryKeys.pilotAttributes, queryKeys.pilots.all],
  /** A pilot saved from the pilot form: the directory, every Pilots tab, the Users list. */
  pilotSaved: (): QueryKey[] => [queryKeys.pilots.all, queryKeys.users.all, queryKeys.pilotAttributes],
  /** Assign, unassign or an availability request on one project. */
  pilotScheduled: (projectId: number): QueryKey[] => [queryKeys.pilots.project(projectId)],
  /** A bid created: the bids and the project list (its project was created with it). */
  /** An order created or updated: the list, the tracks and its history. */
  orderSaved: (): QueryKey[] => [queryKeys.orders.all],
  bidSaved: (): QueryKey[] => [queryKeys.bids.all, queryKeys.projects.all],
  /** A project archived or unarchived: only the project itself changes. */
  projectArchived: (): QueryKey[] => [queryKeys.projects.all],
};

/** Marks every query under the given prefixes stale; those on screen refetch at once. */
export async function invalidate(queryClient: QueryClient, prefixes: readonly QueryKey[]): Promise<void> {
  await Promise.all(prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
