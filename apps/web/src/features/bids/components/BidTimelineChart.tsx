import type { TimelineBucket } from '@linewalker/domain';
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

const HEIGHT = 180;
const BAR_GAP = 4;

/**
 * Bids per week (quarter, half year) or month (year) as bars, drawn in SVG with the counts on top. The
 * drawing is laid out in the box's own pixels (measured), so labels are never stretched; a narrow box
 * scrolls sideways rather than squeezing the bars under 44 px each.
 */
export function BidTimelineChart({ buckets }: { buckets: TimelineBucket[] }) {
  const { ref, width: boxWidth } = useElementSize();
  const max = Math.max(1, ...buckets.map((b) => b.bids));
  const width = Math.max(buckets.length * 44, 320, Math.floor(boxWidth));
  const barWidth = width / buckets.length - BAR_GAP;
  const summary = buckets.map((b) => `${b.label}: ${b.bids}`).join(', ');
  return (
    <Box ref={ref} style={{ overflowX: 'auto' }}>
      <svg
        role="img"
        aria-label={`Bids over time. ${summary}`}
        viewBox={`0 0 ${width} ${HEIGHT + 36}`}
        width={width}
        height={HEIGHT + 36}
      >
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="var(--mantine-color-gray-4)" />
        {buckets.map((b, i) => {
          const h = (b.bids / max) * (HEIGHT - 24);
          const x = i * (barWidth + BAR_GAP) + BAR_GAP / 2;
          return (
            <g key={b.start}>
              <title>{`${b.label}: ${b.bids} bids, ${b.structures} structures`}</title>
              <rect
                x={x}
                y={HEIGHT - h}
                width={barWidth}
                height={h}
                rx={3}
                fill="var(--mantine-color-blue-6)"
              />
              {b.bids > 0 && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - h - 6}
                  textAnchor="middle"
                  fontSize={12}
                  fill="currentColor"
                >
                  {b.bids}
                </text>
              )}
              <text
                x={x + barWidth / 2}
                y={HEIGHT + 18}
                textAnchor="middle"
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
      {buckets.every((b) => b.bids === 0) && (
        <Text size="sm" c="dimmed" ta="center">
          No bids in this period.
        </Text>
      )}
    </Box>
  );
}
