import type { StructureRowError } from '@linewalker/domain';
import { ScrollArea, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format.ts';

/** The listed bad rows as 'Row n, Line, Structure, Latitude, Longitude' with their messages in red. */
export function CsvRowErrors({ rows, total }: { rows: StructureRowError[]; total: number }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="red" fw={500}>
        {total === 1 ? '1 row has errors.' : `${formatCount(total)} rows have errors.`}
        {total > rows.length ? ` The first ${rows.length} are listed.` : ''}
      </Text>
      <ScrollArea.Autosize mah={220} type="auto">
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Rows with errors">
          {rows.map((r) => (
            <Text component="li" size="xs" key={r.rowNumber} ff="monospace">
              Row {r.rowNumber}, {r.line}, {r.structure}, {r.latitude}, {r.longitude}:{' '}
              <Text span inherit c="red">
                {r.reasons.join(' ')}
              </Text>
            </Text>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
