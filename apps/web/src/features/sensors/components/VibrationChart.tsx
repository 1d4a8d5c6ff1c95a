import type { SensorAlert, SensorStructureValue } from '@linewalker/domain';
import { Box, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface VibrationChartProps {
  points: SensorStructureValue['vibrations'];
  /** Raised alerts over the range, drawn as bands over their time span. */
  alerts?: readonly SensorAlert[];
  height?: number;
}

/** Band colours by level: 3 red, 2 orange, 1 (offline) grey; translucent so the lines stay readable. */
export const ALERT_BAND_COLORS: Record<number, string> = {
  1: 'rgba(134, 142, 150, 0.18)',
  2: 'rgba(240, 140, 0, 0.18)',
  3: 'rgba(224, 49, 49, 0.2)',
};

/** Paints each alert's span (start → end, or → the right edge while open) behind the series. */
function drawBands(u: uPlot, alerts: readonly SensorAlert[]) {
  const { ctx, bbox } = u;
  const [xMin, xMax] = [u.scales.x?.min ?? 0, u.scales.x?.max ?? 0];
  ctx.save();
  for (const a of alerts) {
    const start = Math.max(Date.parse(a.started_at) / 1000, xMin);
    const end = Math.min(a.ended_at ? Date.parse(a.ended_at) / 1000 : xMax, xMax);
    if (end < start) continue;
    const left = u.valToPos(start, 'x', true);
    const right = Math.max(u.valToPos(end, 'x', true), left + 2);
    ctx.fillStyle = ALERT_BAND_COLORS[a.level] ?? ALERT_BAND_COLORS[1]!;
    ctx.fillRect(left, bbox.top, right - left, bbox.height);
  }
  ctx.restore();
}

/** uPlot's data: seconds on x, then one series per axis. */
function toData(points: SensorStructureValue['vibrations']): uPlot.AlignedData {
  return [
    points.map((p) => Date.parse(p.recorded_date) / 1000),
    points.map((p) => p.x),
    points.map((p) => p.y),
    points.map((p) => p.z),
  ];
}

/**
 * The vibration time series (X, Y, Z lines; y suggested 0–1 g, spec 3 §9). The server has already cut the
 * range to at most 1,000 points; refreshes update the same chart in place. No chart without readings. The
 * device's raised alerts over the range are drawn as bands behind the lines.
 */
export function VibrationChart({ points, alerts = [], height = 220 }: VibrationChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const bands = useRef(alerts);
  const empty = points.length === 0;

  useEffect(() => {
    if (empty || !box.current) return;
    const el = box.current;
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height,
        scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] } },
        series: [
          {},
          { label: 'X', stroke: '#1c7ed6', width: 1.5 },
          { label: 'Y', stroke: '#f08c00', width: 1.5 },
          { label: 'Z', stroke: '#2f9e44', width: 1.5 },
        ],
        axes: [{}, { label: 'g' }],
        hooks: { drawClear: [(u) => drawBands(u, bands.current)] },
      },
      [[], [], [], []],
      el,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth || 600, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [empty, height]);

  useEffect(() => {
    plot.current?.setData(toData(points));
  }, [points]);

  useEffect(() => {
    bands.current = alerts;
    plot.current?.redraw(false);
  }, [alerts]);

  if (empty) {
    return (
      <Text size="sm" c="dimmed" data-testid="vibration-chart-empty">
        No vibration readings in this range.
      </Text>
    );
  }
  return (
    <Box
      ref={box}
      data-testid="vibration-chart"
      data-points={points.length}
      data-alert-bands={alerts.length}
    />
  );
}
