import type { ProjectDetail } from '@linewalker/domain';
import { Badge, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { API_BASE } from '../../../lib/api.ts';

/**
 * Chips for the files the project was built from (spec 2 §2: the uploaded KMZ files), each a download: the
 * server checks the reader's right to the project and redirects to a short-lived signed link.
 */
export function SourceFileChips({ project }: { project: Pick<ProjectDetail, 'id' | 'kmzs'> }) {
  if (project.kmzs.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label="Source files" role="group">
      <Text size="sm" c="dimmed">
        Source files:
      </Text>
      {project.kmzs.map((file) => (
        <Badge
          key={file.id}
          component="a"
          href={`${API_BASE}/projects/${project.id}/files/${file.id}`}
          download={file.name}
          variant="light"
          size="lg"
          radius="sm"
          tt="none"
          leftSection={<IconDownload size={12} />}
          style={{ cursor: 'pointer' }}
        >
          {file.name}
        </Badge>
      ))}
    </Group>
  );
}
