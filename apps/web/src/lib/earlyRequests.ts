/**
 * The data a page's first load waits on, asked for by a small script in index.html as soon as the HTML is
 * read: before the app's code has loaded and its route loaders run (0.3 s later on a quiet machine, more on
 * a busy one). The app's own request of the same URL then takes that answer (`earlyFetch.ts`), once.
 *
 * Only reads the page makes anyway, exactly as it makes them: app/earlyRequests.test.ts checks each list
 * against the route's own requests. No imports: Vite's config reads this file to write the script.
 */
export const EARLY_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  // The map's preload (50,000 structures), the table's first page, the map's settings.
  '/asset-health': [
    '/api/v1/dashboard/structures?filter=all&offset=0&limit=50000&orderBy=max_risk_level&order=DESC',
    '/api/v1/dashboard/structures?filter=all&offset=0&limit=50&orderBy=max_risk_level&order=DESC',
    '/api/v1/config',
  ],
  // The sensors list (with the first device's chart), the map's settings.
  '/sensor': ['/api/v1/structures/sensor_data?range=24h', '/api/v1/config'],
};

/** Asked for on every page: the layout shows nothing until it knows the session. */
export const EARLY_ON_EVERY_PAGE: readonly string[] = ['/api/v1/session'];

/** Where the script leaves its answers for the app: URL → the fetch's promise. */
export const EARLY_GLOBAL = '__linewalkerEarly';

/** The route module of each page above: its code is fetched beside its data (see `earlyRequestsScript`). */
export const EARLY_ROUTE_MODULES: Readonly<Record<string, string>> = {
  '/asset-health': 'src/app/routes/AssetHealthPage.tsx',
  '/sensor': 'src/features/sensors/routes/SensorsRoute.tsx',
};

/**
 * The inline script: plain ES5, no imports. For the page being opened it starts the data requests (the
 * session's on every page) and, given the built files of the page's route (`modules`, path → URLs), asks
 * for them as module preloads: otherwise they are only asked for once the app's own code has run, behind
 * the data on a busy server.
 */
export function earlyRequestsScript(modules: Readonly<Record<string, readonly string[]>> = {}): string {
  return (
    `(function(){var p=location.pathname,u=(${JSON.stringify(EARLY_REQUESTS)}[p]||[])` +
    `.concat(${JSON.stringify(EARLY_ON_EVERY_PAGE)});` +
    `var m=${JSON.stringify(modules)}[p]||[];for(var j=0;j<m.length;j++){` +
    `var l=document.createElement('link');l.rel='modulepreload';l.href=m[j];document.head.appendChild(l);}` +
    `var e={};for(var i=0;i<u.length;i++)` +
    `e[u[i]]=fetch(u[i],{headers:{accept:'application/json'},credentials:'same-origin'});` +
    `window.${EARLY_GLOBAL}=e;})();`
  );
}
