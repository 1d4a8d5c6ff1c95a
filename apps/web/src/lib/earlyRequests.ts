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

/** Where the script leaves its answers for the app: URL → the fetch's promise. */
export const EARLY_GLOBAL = '__linewalkerEarly';

/** The inline script: plain ES5, no imports; starts the requests of the page being opened, if any. */
export function earlyRequestsScript(): string {
  return (
    `(function(){var u=${JSON.stringify(EARLY_REQUESTS)}[location.pathname];if(!u)return;var e={};` +
    `for(var i=0;i<u.length;i++)e[u[i]]=fetch(u[i],{headers:{accept:'application/json'},credentials:'same-origin'});` +
    `window.${EARLY_GLOBAL}=e;})();`
  );
}
