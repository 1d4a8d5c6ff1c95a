import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format.ts';
import { FileThumbnail } from './FileThumbnail.tsx';
import type { DroppedFile } from './uploadTypes.ts';

const PREVIEWS = 8;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The chosen photos: how many, how big, and a preview of the first few. */
export function ImagePreview({ files }: { files: readonly DroppedFile[] }) {
  const bytes = files.reduce((sum, f) => sum + f.file.size, 0);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600} data-testid="upload-selected-count">
          {formatCount(files.length)} {files.length === 1 ? 'photo' : 'photos'} selected
        </Text>
        <Text size="sm" c="dimmed">
          {formatBytes(bytes)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 4, sm: 8 }} spacing={6}>
        {files.slice(0, PREVIEWS).map((f) => (
          <FileThumbnail key={f.path} file={f.file} height={56} />
        ))}
      </SimpleGrid>
      {files.length > PREVIEWS && (
        <Text size="xs" c="dimmed" mt={6}>
          and {formatCount(files.length - PREVIEWS)} more
        </Text>
      )}
    </Paper>
  );
}
