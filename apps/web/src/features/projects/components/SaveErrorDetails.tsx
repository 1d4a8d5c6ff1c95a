import { List, Stack, Text } from '@mantine/core';
import { csvProblemsByUrl } from '../csv/serverFileProblems.ts';

/**
 * What the server said when a save failed: its message, the field issues it did not tie to a form
 * field, and for a refused import where to look (the server's message names the files; their bad rows
 * show under each file's Errors).
 */
export function SaveErrorDetails({ error, unmatchedIssues }: { error: Error; unmatchedIssues: string[] }) {
  const files = [...csvProblemsByUrl(error).values()];
  return (
    <Stack gap="xs">
      <Text size="sm">{error.message}</Text>
      {unmatchedIssues.length > 0 && (
        <List size="sm">
          {unmatchedIssues.map((issue) => (
            <List.Item key={issue}>{issue}</List.Item>
          ))}
        </List>
      )}
      {files.length > 0 && (
        <Text size="sm">The rows are listed under Errors for each file marked Needs attention.</Text>
      )}
    </Stack>
  );
}
