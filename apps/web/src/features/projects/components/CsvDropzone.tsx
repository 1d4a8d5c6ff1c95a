import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
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
const ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv'] };

/** A drop area (or click to browse) that takes only .csv files (spec 1 §5 'Only .csv files are accepted'). */
export function CsvDropzone({ onFiles, title, hint, multiple = true, disabled, label }: CsvDropzoneProps) {
  const [rejected, setRejected] = useState<string[]>([]);
  const onReject = (rejections: FileRejection[]) => setRejected(rejections.map((r) => r.file.name));
  return (
    <Stack gap={4}>
      <Dropzone
        onDrop={(files) => {
          setRejected([]);
          onFiles(files);
        }}
        onReject={onReject}
        accept={ACCEPT}
        validator={(file) =>
          isCsvName(file.name)
            ? null
            : { code: 'file-invalid-type', message: 'Only .csv files are accepted.' }
        }
        multiple={multiple}
        disabled={disabled}
        aria-label={label}
        p="md"
      >
        <Group justify="center" gap="md" mih={64} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={32} color="var(--mantine-color-blue-6)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} color="var(--mantine-color-red-6)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={32} color="var(--mantine-color-dimmed)" aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>{title}</Text>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {rejected.length > 0 && (
        <Text size="sm" c="red" role="alert">
          Only .csv files are accepted. Not added: {rejected.join(', ')}
        </Text>
      )}
    </Stack>
  );
}
