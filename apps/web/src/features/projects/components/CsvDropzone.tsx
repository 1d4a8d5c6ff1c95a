import { Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { FileDropzone } from '../../../components/FileDropzone.tsx';
import { isCsvName } from '../csv/csvFile.ts';

interface CsvDropzoneProps {
  onFiles: (files: File[]) => void;
  title: string;
  hint: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Names the drop area for screen readers and tests. */
  label: string;
}

// Browsers disagree on a CSV's type (text/csv, application/vnd.ms-excel, empty): the name decides.
const acceptsCsv = (file: File) => isCsvName(file.name);

/** A drop area (or click to browse) that takes only .csv files (spec 1 §5 'Only .csv files are accepted'). */
export function CsvDropzone({ onFiles, title, hint, multiple = true, disabled, label }: CsvDropzoneProps) {
  const [rejected, setRejected] = useState<string[]>([]);
  return (
    <Stack gap={4}>
      <FileDropzone
        onDrop={(files) => {
          setRejected([]);
          onFiles(files);
        }}
        onReject={(files) => setRejected(files.map((f) => f.name))}
        accepts={acceptsCsv}
        accept=".csv"
        multiple={multiple}
        disabled={disabled}
        aria-label={label}
        p="md"
      >
        <Group justify="center" gap="md" mih={64} style={{ pointerEvents: 'none' }}>
          <IconFileSpreadsheet size={32} color="var(--mantine-color-dimmed)" aria-hidden />
          <div>
            <Text fw={500}>{title}</Text>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </div>
        </Group>
      </FileDropzone>
      {rejected.length > 0 && (
        <Text size="sm" c="red" role="alert">
          Only .csv files are accepted. Not added: {rejected.join(', ')}
        </Text>
      )}
    </Stack>
  );
}
