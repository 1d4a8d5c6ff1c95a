import { skipChoiceLabel } from '@linewalker/domain';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../lib/api.ts';
import { downloadText } from '../lib/csv.ts';
import { formatCount } from '../lib/format.ts';

interface SkipChoiceProps {
  validRows: number;
  errorRows: number;
  checked: boolean;
  onChange: (skipInvalidRows: boolean) => void;
  /** The skipped rows as the server lists them, with the file name to save them under. */
  fetchSkipped: () => Promise<{ fileName: string; text: string }>;
  downloadDisabled?: boolean;
}

/**
 * Some rows are invalid: 'Import N valid rows, skip M', and a 'Download skipped rows' button that saves the
 * server's list of skipped rows with the reason per row (the CSV import and the KMZ step share it).
 */
export function SkipChoice({
  validRows,
  errorRows,
  checked,
  onChange,
  fetchSkipped,
  downloadDisabled = false,
}: SkipChoiceProps) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const { fileName, text } = await fetchSkipped();
      downloadText(fileName, text);
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
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={download}
        loading={downloading}
        disabled={downloadDisabled}
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

/** `Bremen.kmz` → `Bremen-skipped-rows.csv`. */
export const skippedFileName = (name: string): string =>
  `${name.replace(/\.(csv|kmz|kml)$/i, '')}-skipped-rows.csv`;
