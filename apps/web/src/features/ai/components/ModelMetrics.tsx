import type { AiModelVersion } from '@linewalker/domain';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);

/** The precision/recall curve of the held-back images, as an SVG (recall on x, precision on y). */
function PrCurve({ points }: { points: AiModelVersion['pr_curve'] }) {
  const W = 260;
  const H = 180;
  const path = [...points]
    .sort((a, b) => a.recall - b.recall)
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${(p.recall * W).toFixed(1)},${((1 - p.precision) * H).toFixed(1)}`)
    .join(' ');
  return (
    <svg width={W + 40} height={H + 30} role="img" aria-label="Precision/recall curve" data-testid="pr-curve">
      <g transform="translate(30,5)">
        <rect width={W} height={H} fill="none" stroke="#ced4da" />
        <path d={path} fill="none" stroke="#228be6" strokeWidth={2} />
        <text x={W / 2} y={H + 20} fontSize={11} textAnchor="middle">
          Recall
        </text>
        <text x={-24} y={H / 2} fontSize={11} transform={`rotate(-90 -24 ${H / 2})`} textAnchor="middle">
          Precision
        </text>
      </g>
    </svg>
  );
}

/** The newest version's metrics on its held-back images. */
export function ModelMetrics({ version }: { version: AiModelVersion }) {
  const c = version.confusion;
  return (
    <Card withBorder data-testid="model-metrics">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Version {version.version} on {version.validation_images} held-back images
        </Title>
        <Group align="flex-start" wrap="wrap">
          <SimpleGrid cols={3} spacing="xs">
            <Metric label="Precision" value={pct(version.precision)} />
            <Metric label="Recall" value={pct(version.recall)} />
            <Metric label="AP@0.5" value={pct(version.ap50)} />
            <Metric label="True positives" value={String(c.true_positives)} />
            <Metric label="False positives" value={String(c.false_positives)} />
            <Metric label="False negatives" value={String(c.false_negatives)} />
          </SimpleGrid>
          <PrCurve points={version.pr_curve} />
        </Group>
        <Text size="xs" c="dimmed">
          Trained on {version.train_images} images; score threshold {version.threshold.toFixed(2)}; a box
          counts when it overlaps a marked-up patch by IoU ≥ 0.5.
        </Text>
      </Stack>
    </Card>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}
