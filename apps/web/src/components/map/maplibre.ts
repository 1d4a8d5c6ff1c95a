import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';

// A bundled app must tell MapLibre where its worker script is, otherwise no map ever loads.
maplibregl.setWorkerUrl(workerUrl);
// A self-hosted basemap extract (`pmtiles://…`) is read with HTTP range requests to our server.
maplibregl.addProtocol('pmtiles', new Protocol().tile);

export { maplibregl };
