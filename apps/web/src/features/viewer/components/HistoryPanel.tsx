import { Drawer, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useReviewHistory } from '../api/viewerQueries.ts';

/** The inspection's review history from the audit log, newest first (staff). */
export function HistoryPanel({
  inspectionId,
  opened,
  onClose,
}: {
  inspectionId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const history = useReviewHistory(inspectionId, opened);
  return (
    <Drawer opened={opened} onClose={onClose} title="Review history" position="right" zIndex={350}>
      {history.isPending ? (
        <Loader size="sm" />
      ) : !history.data?.length ? (
        <Text size="sm" c="dimmed">
          Nothing has been done on this inspection yet.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="review-history">
          {history.data.map((h) => (
            <Timeline.Item key={h.id} title={h.detail ?? h.action}>
              <Stack gap={0}>
                {h.image_name && (
                  <Text size="xs" c="dimmed">
                    {h.image_name}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {h.user_name ?? 'Someone'} · {new Date(h.at).toLocaleString()}
                </Text>
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}
