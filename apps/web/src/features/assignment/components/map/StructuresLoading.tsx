import { Paper, Progress, Stack, Text } from '@mantine/core';
import type { DownloadProgress } from '../../../../lib/api.ts';
import { formatCount } from '../../../../lib/format.ts';
import { useAssignmentDownload } from '../../api/getAssignment.ts';

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

interface StructuresLoadingProps {
  /** The project whose structures are loading: this overlay alone follows its download. */
  projectId: number;
  /** Structures handed to the map, once downloaded; null while downloading. */
  drawing: number | null;
}

/** The overlay for the project's download (see `LoadingStatus`), re-drawn alone on each step of it. */
export function StructuresLoading({ projectId, drawing }: StructuresLoadingProps) {
  return <LoadingStatus download={useAssignmentDownload(projectId)} drawing={drawing} />;
}

interface LoadingStatusProps {
  /** Download of the structures; null before the first byte. */
  download: DownloadProgress | null;
  /** Structures handed to the map, once downloaded; null while downloading. */
  drawing: number | null;
}

/**
 * Over the map while a large project opens: the download of the structures (MB and percent), then
 * the map grouping and drawing them.
 */
export function LoadingStatus({ download, drawing }: LoadingStatusProps) {
  const total = download?.total ?? null;
  const percent = drawing !== null ? 100 : total && download ? (download.loaded / total) * 100 : 0;
  const status =
    drawing !== null
      ? `Drawing ${formatCount(drawing)} structures on the map…`
      : download && download.loaded > 0
        ? total
          ? `Loading structures… ${megabytes(download.loaded)} of ${megabytes(total)} MB (${Math.floor(percent)} %)`
          : `Loading structures… ${megabytes(download.loaded)} MB`
        : 'Loading structures…';
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p="sm"
      pos="absolute"
      left="50%"
      top="50%"
      w={340}
      maw="calc(100% - 32px)"
      style={{ transform: 'translate(-50%, -50%)', zIndex: 2 }}
      data-testid="structures-loading"
    >
      <Stack gap={6}>
        <Text size="sm" role="status">
          {status}
        </Text>
        <Progress
          value={drawing !== null || !total ? 100 : percent}
          animated={drawing !== null || !total}
          striped={drawing !== null || !total}
          aria-label="Structures loaded"
        />
      </Stack>
    </Paper>
  );
}
