import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';

// A bundled app must tell MapLibre where its worker script is, otherwise no map ever loads.
maplibregl.setWorkerUrl(workerUrl);
// The worker starts as soon as this module loads (a map tab's code, which the route loader fetches while the
// page's data is on its way), not when the first map is made: loading and compiling its script then no longer
// delays the style's sources, and it stays for later maps instead of being started again for each.
if (typeof Worker !== 'undefined') maplibregl.prewarm();
// A self-hosted basemap extract (`pmtiles://…`) is read with HTTP range requests to our server.
maplibregl.addProtocol('pmtiles', new Protocol().tile);

export { maplibregl };
