import type { SensorStructureValue } from '@linewalker/domain';
import { Box, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface VibrationChartProps {
  points: SensorStructureValue['vibrations'];
  height?: number;
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
 * range to at most 1,000 points; refreshes update the same chart in place. No chart without readings.
 */
export function VibrationChart({ points, height = 220 }: VibrationChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
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

  if (empty) {
    return (
      <Text size="sm" c="dimmed" data-testid="vibration-chart-empty">
        No vibration readings in this range.
      </Text>
    );
  }
  return <Box ref={box} data-testid="vibration-chart" data-points={points.length} />;
}
