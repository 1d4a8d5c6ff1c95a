import { projectSlug, riskInfo } from '@linewalker/domain';
import { Anchor, Button, Card, Drawer, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryError } from '../../../components/QueryError.tsx';
import { paths } from '../../../config/paths.ts';
import { API_BASE } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAssetHistory } from '../api/getAssetHealth.ts';
import { riskBadge } from './AssetStructuresTable.tsx';

interface AssetHistoryPanelProps {
  assetId: number | null;
  onClose: () => void;
  onSensor: (deviceId: string, title: string) => void;
}

/** An asset's history: every inspection of it across projects, newest first, with risk and photos. */
export function AssetHistoryPanel({ assetId, onClose, onSensor }: AssetHistoryPanelProps) {
  const history = useAssetHistory(assetId);
  const asset = history.data?.asset;
  const inspections = history.data?.inspections ?? [];
  return (
    <Drawer
      opened={assetId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={asset ? `${asset.line_name} — ${asset.struct_num}` : 'Inspection History'}
      data-testid="asset-history"
    >
      {history.isPending && <Loader aria-label="Loading history" />}
      {history.isError && <QueryError error={history.error} onRetry={() => history.refetch()} />}
      {asset && (
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>Current health</Text>
              {riskBadge(asset.max_risk_level)}
            </Group>
            {asset.device_id && (
              <Button
                variant="light"
                size="xs"
                onClick={() => onSensor(asset.device_id as string, `${asset.line_name} ${asset.struct_num}`)}
              >
                Sensor Data
              </Button>
            )}
          </Group>
          <Title order={4}>Inspection History</Title>
          {inspections.length === 0 && <Text c="dimmed">No inspections of this structure yet.</Text>}
          {inspections.map((entry) => {
            const href = `${paths.project.getHref(projectSlug(entry.project_name), 'inspect')}?inspectionId=${entry.inspection_id}`;
            return (
              <Card key={entry.inspection_id} withBorder data-testid="asset-history-entry">
                <Group justify="space-between" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={600}>{entry.project_name}</Text>
                    <Text size="sm" c="dimmed">
                      {entry.date_reviewed
                        ? `Completed ${formatDateTime(entry.date_reviewed)}`
                        : 'Not completed'}
                    </Text>
                  </Stack>
                  {riskBadge(entry.risk)}
                </Group>
                {entry.issues.length > 0 && (
                  <Stack gap={2} mt="xs">
                    {entry.issues.map((issue) => (
                      <Text size="sm" key={issue.annotation_id}>
                        {[issue.component, issue.deficiency].filter(Boolean).join(' — ') || 'Issue'}:{' '}
                        {riskInfo(issue.risk).label}
                      </Text>
                    ))}
                  </Stack>
                )}
                {entry.photos.length > 0 && (
                  <Group gap={6} mt="xs">
                    {entry.photos.slice(0, 8).map((photo) => (
                      <Image
                        key={photo.image_id}
                        src={`${API_BASE}/image/${photo.image_id}?size=THUMBNAIL_IMG`}
                        alt={photo.image_name}
                        w={72}
                        h={54}
                        radius="sm"
                        loading="lazy"
                        fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
                      />
                    ))}
                    {entry.photo_count > 8 && (
                      <Text size="sm" c="dimmed">
                        +{entry.photo_count - 8} more
                      </Text>
                    )}
                  </Group>
                )}
                {entry.photo_count === 0 && (
                  <Text size="sm" c="dimmed" mt="xs">
                    No photos.
                  </Text>
                )}
                {entry.can_open && (
                  <Anchor component={Link} to={href} size="sm" mt="xs">
                    Open in viewer
                  </Anchor>
                )}
              </Card>
            );
          })}
        </Stack>
      )}
    </Drawer>
  );
}
