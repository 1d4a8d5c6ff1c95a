import { type InspectionImage, pinColor } from '@linewalker/domain';
import type { Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { boundsOf, fitMapTo } from '../../../components/map/fitBounds.ts';
import { MapFrame } from '../../../components/map/MapFrame.tsx';
import { maplibregl } from '../../../components/map/maplibre.ts';
import { useMapLibre } from '../../../components/map/useMapLibre.ts';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';
import { VIEWER_MAP_ZOOM } from '../model/mapPanel.ts';

export interface ViewerMapProps {
  /** The photos of the view; those without GPS get no pin. */
  images: readonly InspectionImage[];
  currentId: number | null;
  structure: { name: string; latitude: number; longitude: number } | null;
  onPick: (imageId: number) => void;
}

const PIN = 14;
const SELECTED_PIN = 26;

/** A round photo pin: the spec's colour; the selected one enlarged and ringed. */
function stylePin(el: HTMLElement, image: InspectionImage, selected: boolean) {
  const size = selected ? SELECTED_PIN : PIN;
  el.style.width = `${size}px`;
  el.style.height = `${size}px`;
  el.style.background = pinColor(image);
  el.style.border = `${selected ? 3 : 2}px solid #fff`;
  el.style.boxShadow = selected ? '0 0 0 2px #1a1b1e, 0 1px 4px #0008' : '0 1px 3px #0008';
  el.style.zIndex = selected ? '2' : '1';
  el.dataset.selected = String(selected);
  el.dataset.color = pinColor(image);
  el.setAttribute('aria-pressed', String(selected));
}

/**
 * The viewer's map (spec 2 §2, §4 'Map pin colours', §9 zoom 19): a pin where each photo was taken, the
 * structure's pin, the selected photo's pin enlarged; clicking a pin opens its photo. Pins are DOM markers
 * (a structure has a handful of photos), so each is a real button with a name.
 */
export default function ViewerMap({ images, currentId, structure, onPick }: ViewerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const config = useClientConfig();
  const [options] = useState(() => ({
    markPrefix: 'viewer',
    maxZoom: 21,
    ...(structure
      ? {
          initialView: {
            center: [structure.longitude, structure.latitude] as [number, number],
            zoom: VIEWER_MAP_ZOOM,
          },
        }
      : {}),
  }));
  const { map, error, basemap } = useMapLibre(container, basemapsOf(config), options);
  const [state, setState] = useState<'loading' | 'idle'>('loading');
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const pins = useRef(new Map<number, { marker: Marker; image: InspectionImage }>());
  const placed = images.filter((i) => i.latitude !== null && i.longitude !== null);
  const positionsKey = placed.map((i) => `${i.id}:${i.latitude},${i.longitude}`).join('|');

  // The structure's pin.
  const structureName = structure?.name ?? null;
  const structureLat = structure?.latitude ?? null;
  const structureLon = structure?.longitude ?? null;
  useEffect(() => {
    if (!map || structureName === null || structureLat === null || structureLon === null) return;
    const el = document.createElement('div');
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', `Structure ${structureName}`);
    el.dataset.testid = 'viewer-map-structure';
    Object.assign(el.style, {
      width: '18px',
      height: '18px',
      background: '#1a1b1e',
      border: '3px solid #ffd43b',
      borderRadius: '3px',
      boxShadow: '0 1px 4px #0008',
    });
    const marker = new maplibregl.Marker({ element: el }).setLngLat([structureLon, structureLat]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, structureName, structureLat, structureLon]);

  // Photo pins: made when the photos (or their positions) change, then fitted with the structure.
  // biome-ignore lint/correctness/useExhaustiveDependencies: positionsKey stands for `placed`; the structure's position is read once it is known.
  useEffect(() => {
    if (!map) return;
    const made = new Map<number, { marker: Marker; image: InspectionImage }>();
    for (const image of placed) {
      const el = document.createElement('button');
      el.type = 'button';
      el.setAttribute('aria-label', `Photo ${image.image_name}`);
      el.dataset.testid = 'viewer-map-pin';
      Object.assign(el.style, { borderRadius: '50%', padding: '0', cursor: 'pointer' });
      el.addEventListener('click', (event) => {
        event.stopPropagation();
        onPickRef.current(image.id);
      });
      const marker = new maplibregl.Marker({ element: el })
        .setLngLat([image.longitude as number, image.latitude as number])
        .addTo(map);
      made.set(image.id, { marker, image });
    }
    pins.current = made;
    const points: Array<[number, number]> = placed.map((i) => [i.longitude as number, i.latitude as number]);
    if (structureLat !== null && structureLon !== null) points.push([structureLon, structureLat]);
    const fitPins = () =>
      fitMapTo(
        map,
        boundsOf(points.length, (k) => points[k]!),
        { padding: 32, maxZoom: VIEWER_MAP_ZOOM, animate: false },
      );
    fitPins();
    // A new layout (half screen, bottom left) fits the pins to the new size.
    map.on('resize', fitPins);
    setState('loading');
    map.once('idle', () => setState('idle'));
    return () => {
      map.off('resize', fitPins);
      for (const { marker } of made.values()) marker.remove();
    };
  }, [map, positionsKey]);

  // Colours and the selection, without re-making the pins (new pins, after map or positionsKey, too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: map and positionsKey bring new pins to style.
  useEffect(() => {
    for (const image of images) {
      const pin = pins.current.get(image.id);
      if (!pin) continue;
      pin.image = image;
      stylePin(pin.marker.getElement(), image, image.id === currentId);
    }
  }, [images, currentId, map, positionsKey]);

  return (
    <MapFrame
      containerRef={container}
      basemap={basemap}
      error={error}
      label="Photo positions"
      attributes={{ 'data-testid': 'viewer-map', 'data-map-state': state }}
    />
  );
}
