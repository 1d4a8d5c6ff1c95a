import { skipChoiceLabel } from '@linewalker/domain';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { downloadText } from '../../../lib/csv.ts';
import { formatCount } from '../../../lib/format.ts';
import { getSkippedRows } from '../api/getSkippedRows.ts';
import { type CsvChoice, type CsvFile, coordinateColumns } from '../csv/csvFile.ts';

interface CsvSkipChoiceProps {
  file: CsvFile;
  validRows: number;
  errorRows: number;
  onChoose: (choice: CsvChoice) => void;
}

const skippedFileName = (name: string) => `${name.replace(/\.csv$/i, '')}-skipped-rows.csv`;

/**
 * Some rows are invalid: 'Import N valid rows, skip M', and the skipped rows as a CSV with the reason per
 * row (read by the server with the same choices the save will send).
 */
export function CsvSkipChoice({ file, validRows, errorRows, onChoose }: CsvSkipChoiceProps) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const { latField, lonField } = coordinateColumns(file);
      const text = await getSkippedRows({
        url: file.url ?? '',
        latField: latField ?? '',
        lonField: lonField ?? '',
        lineNameField: file.lineNameField ?? '',
        structNumField: file.structNumField ?? '',
        structNumFallbackField: file.structNumFallbackField,
      });
      downloadText(skippedFileName(file.file.name), text);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The skipped rows could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Checkbox
        label={skipChoiceLabel(formatCount(validRows), formatCount(errorRows))}
        checked={file.skipInvalidRows}
        onChange={(e) => onChoose({ skipInvalidRows: e.currentTarget.checked })}
      />
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={download}
        loading={downloading}
        disabled={file.url === null}
      >
        Download skipped rows
      </Button>
      {error && (
        <Text size="xs" c="red" role="alert" w="100%">
          {error}
        </Text>
      )}
    </Group>
  );
}
