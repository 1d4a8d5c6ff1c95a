import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CsvFile } from '../csv/csvFile.ts';
import { CsvDropzone } from './CsvDropzone.tsx';
import { CsvUploadList } from './CsvUploadList.tsx';
import { ProjectFormFields } from './ProjectFormFields.tsx';
import type { ProjectFormState } from './projectFormValues.ts';

interface ProjectFormModalProps {
  opened: boolean;
  mode: 'create' | 'edit';
  form: UseFormReturnType<ProjectFormState>;
  minDate: string | undefined;
  /** Under the date fields: the project's today when it is not the user's. */
  dateNote?: string | undefined;
  lockCustomerAndType: boolean;
  files: CsvFile[];
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (key: string) => void;
  onSubmit: () => void;
  onClose: () => void;
  saving: boolean;
  serverError: ReactNode | null;
}

/**
 * 'Create New Project' / 'Edit project' (spec 1 §2). The button reads Create (Submit when editing), or
 * Next once CSV files are attached; Next waits until at least one file has finished uploading.
 */
export function ProjectFormModal(props: ProjectFormModalProps) {
  const { mode, files } = props;
  const withFiles = files.length > 0;
  const uploaded = files.some((f) => f.upload.phase === 'ready');
  const label = withFiles ? 'Next' : mode === 'edit' ? 'Submit' : 'Create';
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={mode === 'edit' ? 'Edit project' : 'Create New Project'}
      size="xl"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack gap="md">
          <ProjectFormFields
            form={props.form}
            minDate={props.minDate}
            dateNote={props.dateNote}
            lockCustomerAndType={props.lockCustomerAndType}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Structures from CSV
            </Text>
            <CsvDropzone
              label="CSV files"
              title="Drag & drop CSV files here"
              hint="or click to choose; only .csv files, one or more"
              onFiles={props.onAddFiles}
            />
            <CsvUploadList files={files} onRemove={props.onRemoveFile} />
          </Stack>
          {props.serverError && (
            <Alert color="red" icon={<IconAlertCircle />} title="The project was not saved" role="alert">
              {props.serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose} disabled={props.saving}>
              Cancel
            </Button>
            <Button type="submit" loading={props.saving} disabled={withFiles && !uploaded}>
              {label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
