import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { emptyCollection } from '../../../components/map/clusters.ts';
import { DEFAULT_VIEW } from '../../../components/map/defaultView.ts';
import { MapFrame } from '../../../components/map/MapFrame.tsx';
import { useMapLibre } from '../../../components/map/useMapLibre.ts';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';

const PICK_SOURCE = 'home-base-pick';

function addPickLayer(map: MapLibreMap) {
  map.addSource(PICK_SOURCE, { type: 'geojson', data: emptyCollection() });
  map.addLayer({
    id: 'home-base-pick',
    type: 'circle',
    source: PICK_SOURCE,
    paint: {
      'circle-radius': 8,
      'circle-color': '#1971c2',
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
}

const OPTIONS = { onLoad: addPickLayer, initialView: DEFAULT_VIEW, markPrefix: 'home-base' };

interface HomeBasePickerProps {
  value: { latitude: number; longitude: number } | null;
  onPick: (place: { latitude: number; longitude: number }) => void;
}

/** A map to click the home base on, for a name the gazetteer does not know. */
export function HomeBasePicker({ value, onPick }: HomeBasePickerProps) {
  const container = useRef<HTMLDivElement>(null);
  const config = useClientConfig();
  const { map, error, basemap } = useMapLibre(container, basemapsOf(config), OPTIONS);
  const [ready, setReady] = useState(false);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;

  useEffect(() => {
    if (!map) return;
    const click = (e: MapMouseEvent) =>
      onPickRef.current({
        latitude: Math.round(e.lngLat.lat * 1e6) / 1e6,
        longitude: Math.round(e.lngLat.lng * 1e6) / 1e6,
      });
    map.on('click', click);
    map.getCanvas().style.cursor = 'crosshair';
    map.once('idle', () => setReady(true));
    return () => {
      map.off('click', click);
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    (map.getSource(PICK_SOURCE) as GeoJSONSource).setData(
      value
        ? {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                geometry: { type: 'Point', coordinates: [value.longitude, value.latitude] },
                properties: {},
              },
            ],
          }
        : emptyCollection(),
    );
  }, [map, value]);

  return (
    <div style={{ height: 260, borderRadius: 8, overflow: 'hidden' }}>
      <MapFrame
        containerRef={container}
        basemap={basemap}
        error={error}
        label="Pick the home base on the map"
        attributes={{ 'data-testid': 'home-base-map', 'data-map-state': ready ? 'idle' : 'loading' }}
      />
    </div>
  );
}
