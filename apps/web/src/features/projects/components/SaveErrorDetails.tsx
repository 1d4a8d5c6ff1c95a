import { CsvImportError } from '@linewalker/domain';
import { List, ScrollArea, Stack, Text } from '@mantine/core';
import { isApiError } from '../../../lib/api.ts';
import { CsvRowErrors } from './CsvRowErrors.tsx';

/**
 * What the server said when a save failed: its message, any field issues it did not tie to a form field,
 * and for a refused import (400 csv_invalid) each file's reasons and bad rows — the server re-checks
 * every file and trusts nothing the browser found.
 */
export function SaveErrorDetails({ error, unmatchedIssues }: { error: Error; unmatchedIssues: string[] }) {
  const csv = isApiError(error) ? CsvImportError.safeParse(error.body) : null;
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
      {csv?.success && (
        <ScrollArea.Autosize mah={300} type="auto">
          <Stack gap="sm">
            {csv.data.files.map((file) => (
              <Stack key={file.url} gap={4}>
                <Text size="sm" fw={600}>
                  {file.name}
                </Text>
                {file.reasons.map((r) => (
                  <Text key={r} size="sm" c="red">
                    {r}
                  </Text>
                ))}
                {file.errorRows.length > 0 && (
                  <CsvRowErrors rows={file.errorRows} total={file.errorRowCount} />
                )}
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
