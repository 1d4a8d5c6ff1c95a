import type { ColumnSuggestions } from '@linewalker/domain';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CsvChoice, type CsvFile, coordinateChoiceErrors } from '../csv/csvFile.ts';
import { ColumnSelect } from './ColumnSelect.tsx';

interface CsvCoordinateChoiceProps {
  file: CsvFile;
  suggestions: ColumnSuggestions;
  onChoose: (choice: CsvChoice) => void;
}

/**
 * Shown when the file has no unique latitude/longitude column by the spec's names: the spec's message
 * stays in Errors until the user picks the two columns here (suggested ones first: names like
 * NUM_LATITUDE, values that are coordinates).
 */
export function CsvCoordinateChoice({ file, suggestions, onChoose }: CsvCoordinateChoiceProps) {
  const fields = file.fields?.fields ?? [];
  const errors = coordinateChoiceErrors(file).filter(
    (e) => e !== 'Choose the Latitude column.' && e !== 'Choose the Longitude column.',
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="csv-coordinates">
      <Title order={3} size="h5" id="csv-coordinates">
        Latitude and Longitude
      </Title>
      <Text size="sm" c="dimmed">
        No column has a latitude or longitude name. Choose the columns that hold them.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColumnSelect
          label="Latitude"
          fields={fields}
          value={file.latChoice}
          otherValue={file.lonChoice}
          excluded={[file.lineNameField ?? '', file.structNumField ?? '']}
          suggested={suggestions.latitude}
          allowCoordinates
          onChange={(v) => onChoose({ latChoice: v })}
          error={errors[0] ?? null}
        />
        <ColumnSelect
          label="Longitude"
          fields={fields}
          value={file.lonChoice}
          otherValue={file.latChoice}
          excluded={[file.lineNameField ?? '', file.structNumField ?? '']}
          suggested={suggestions.longitude}
          allowCoordinates
          onChange={(v) => onChoose({ lonChoice: v })}
        />
      </SimpleGrid>
    </Stack>
  );
}
