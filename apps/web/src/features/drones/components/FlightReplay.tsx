import type { DroneFlightDetail } from '@linewalker/domain';
import { Stack, Table, Text } from '@mantine/core';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { emptyCollection } from '../../../components/map/clusters.ts';
import type { Bounds } from '../../../components/map/fitBounds.ts';
import { MapFrame } from '../../../components/map/MapFrame.tsx';
import { useMapLibre } from '../../../components/map/useMapLibre.ts';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { PlaybackBar, usePlayback } from './PlaybackBar.tsx';

const TRACK = 'flight-track';
const DRONE = 'flight-drone';
/** Replay speed: one recorded second every this many milliseconds (five times real time). */
const STEP_MS = 200;

function addLayers(map: MapLibreMap) {
  map.addSource(TRACK, { type: 'geojson', data: emptyCollection() });
  map.addSource(DRONE, { type: 'geojson', data: emptyCollection() });
  map.addLayer({
    id: TRACK,
    type: 'line',
    source: TRACK,
    paint: { 'line-color': '#1971c2', 'line-width': 3 },
  });
  map.addLayer({
    id: DRONE,
    type: 'circle',
    source: DRONE,
    paint: {
      'circle-radius': 7,
      'circle-color': '#e8590c',
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  });
}

/** The box around the track (a point's own box for a one-sample track); null without a track. */
function trackBounds(track: DroneFlightDetail['track']): Bounds | null {
  if (track.length === 0) return null;
  const lons = track.map((p) => p.lon);
  const lats = track.map((p) => p.lat);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

const EVENT_TEXT: Record<string, string> = {
  takeoff: 'Take-off',
  landed: 'Landed',
  linkClosed: 'Link closed in the air',
  linkLost: 'Link lost',
  batteryLow: 'Low battery',
  batteryCritical: 'Critical battery',
  geofence: 'Geofence reached',
  emergencyStop: 'Emergency stop',
};
const eventText = (kind: string) =>
  kind.endsWith('Cleared')
    ? `${EVENT_TEXT[kind.slice(0, -'Cleared'.length)] ?? kind} cleared`
    : (EVENT_TEXT[kind] ?? kind);

/** One flight on a map: its track, the drone at the chosen moment, and what happened when. */
export function FlightReplay({ flight }: { flight: DroneFlightDetail }) {
  const container = useRef<HTMLDivElement>(null);
  const config = useClientConfig();
  // The map starts on the track (the replay is mounted per flight, so its track is known here).
  const [options] = useState(() => {
    const bounds = trackBounds(flight.track);
    return {
      onLoad: addLayers,
      markPrefix: 'flight-replay',
      maxZoom: 20,
      initialBounds: bounds ? { bounds, padding: 40, maxZoom: 18 } : null,
    };
  });
  const { map, error, basemap } = useMapLibre(container, basemapsOf(config), options);
  const track = flight.track;
  const last = Math.max(0, track.length - 1);
  const playback = usePlayback(last, STEP_MS);
  const { index } = playback;
  const point = track[Math.min(index, last)] ?? null;

  useEffect(() => {
    if (!map || track.length === 0) return;
    // Made while the modal opened (still sizing): measure the box again before fitting the track.
    map.resize();
    const bounds = trackBounds(track);
    if (bounds) map.fitBounds(bounds, { padding: 40, maxZoom: 18, duration: 0 });
  }, [map, track]);

  useEffect(() => {
    if (!map) return;
    // Drawn again whenever the style changes under the map (a basemap that cannot be reached falls back
    // to the offline one, which drops the layers added at load).
    const draw = () => {
      // Not `isStyleLoaded()` as the gate: it stays false while any source (ours just added, the county
      // outlines) is still loading, and the track was then never drawn.
      if (!map.getSource(TRACK)) {
        if (!map.isStyleLoaded()) return;
        addLayers(map);
      }
      (map.getSource(TRACK) as GeoJSONSource).setData({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: track.map((p) => [p.lon, p.lat]) },
        properties: {},
      });
      (map.getSource(DRONE) as GeoJSONSource).setData(
        point
          ? {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
              properties: {},
            }
          : emptyCollection(),
      );
    };
    draw();
    map.on('styledata', draw);
    return () => {
      map.off('styledata', draw);
    };
  }, [map, track, point]);

  // Events and captures in the order they happened.
  const rows = [
    ...flight.events.map((e) => ({ key: `${e.at}-${e.kind}`, at: e.at, text: eventText(e.kind) })),
    ...flight.command_log
      .filter((c) => c.endpoint === '/capture' && c.image_id !== null)
      .map((c) => ({
        key: `capture-${c.at}`,
        at: c.at,
        text: `Image captured${c.sent_by_name ? ` by ${c.sent_by_name}` : ''}`,
      })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

  if (track.length === 0) return <Text c="dimmed">This flight has no recorded track.</Text>;
  return (
    <Stack gap="sm">
      <div style={{ height: 320, borderRadius: 8, overflow: 'hidden' }}>
        <MapFrame containerRef={container} basemap={basemap} error={error} label="Flight track" />
      </div>
      <PlaybackBar playback={playback} positionLabel="Replay position" />
      {point && (
        <Text size="sm" aria-label="Replay reading">
          {formatDateTime(point.at)} · {point.lat.toFixed(6)}, {point.lon.toFixed(6)} · Altitude{' '}
          {point.altitude.toFixed(1)} m · Speed {point.speed.toFixed(1)} m/s · Heading{' '}
          {Math.round(point.heading)}° · Battery {Math.round(point.battery_percent)} %
        </Text>
      )}
      <Table withTableBorder verticalSpacing={4} aria-label="Flight events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{formatDateTime(r.at)}</Table.Td>
              <Table.Td>{r.text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
