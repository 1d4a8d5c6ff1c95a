import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// A bundled app must tell MapLibre where its worker script is, otherwise no map ever loads.
maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
