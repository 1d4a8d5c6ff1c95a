import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconFileSpreadsheet, IconTrash } from '@tabler/icons-react';
import type { CsvFile } from '../csv/csvFile.ts';

function status(file: CsvFile): { text: string; color: string } {
  const u = file.upload;
  if (u.phase === 'uploading') return { text: `Uploading ${u.percent}%`, color: 'dimmed' };
  if (u.phase === 'reading') return { text: 'Reading columns…', color: 'dimmed' };
  if (u.phase === 'failed') return { text: u.error ?? 'The upload failed.', color: 'red' };
  return { text: 'Uploaded', color: 'teal' };
}

const sizeText = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The attached CSV files with a progress bar each while they upload (spec 1 §4 'drop file, upload it'). */
export function CsvUploadList({ files, onRemove }: { files: CsvFile[]; onRemove: (key: string) => void }) {
  if (files.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Attached CSV files">
      {files.map((file) => {
        const s = status(file);
        const uploading = file.upload.phase === 'uploading' || file.upload.phase === 'reading';
        return (
          <Paper key={file.key} withBorder p="xs" radius="sm">
            <Group gap="sm" wrap="nowrap">
              {file.upload.phase === 'ready' ? (
                <IconCheck size={20} color="var(--mantine-color-teal-6)" aria-hidden />
              ) : (
                <IconFileSpreadsheet size={20} aria-hidden />
              )}
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} truncate="end">
                    {file.file.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {sizeText(file.file.size)}
                  </Text>
                </Group>
                {/* Kept once the upload ends (full, in the status's colour): the row keeps its height, so the
                    Next button below does not jump up just as it is enabled and clicked. */}
                <Progress
                  value={uploading ? file.upload.percent : 100}
                  color={uploading ? undefined : s.color === 'dimmed' ? undefined : s.color}
                  size="sm"
                  animated={file.upload.phase === 'reading'}
                  aria-label={`Upload of ${file.file.name}`}
                />
                <Text size="xs" c={s.color} role={file.upload.phase === 'failed' ? 'alert' : undefined}>
                  {s.text}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => onRemove(file.key)}
                aria-label={`Remove ${file.file.name}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
