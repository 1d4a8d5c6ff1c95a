import type { ProjectDetail } from '@linewalker/domain';
import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '../../../lib/format.ts';
import { importLabel } from './importProgress.ts';

/** The project page while its structures are still being imported: progress instead of the sub-pages. */
export function ProjectImporting({ project }: { project: ProjectDetail }) {
  const importing = project.importing!;
  const pct = importing.total > 0 ? (importing.done / importing.total) * 100 : 0;
  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {importLabel(importing)}
        </Title>
        <Progress value={pct} animated aria-label={`Import of ${project.project_name}`} />
        <Text size="sm" c="dimmed" role="status">
          {formatCount(importing.done)} of {formatCount(importing.total)} structures written. The project
          opens here when every structure is in; you can leave this page meanwhile.
        </Text>
      </Stack>
    </Paper>
  );
}
