import { Alert, Progress, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { KmzFileState } from './useKmzFiles.ts';

interface KmzFileMappingProps {
  file: KmzFileState;
  onChange: (patch: Partial<KmzFileState>) => void;
}

/** One KMZ of the step: its upload, then the line name or line field and the structure field. */
export function KmzFileMapping({ file, onChange }: KmzFileMappingProps) {
  if (file.status === 'uploading') {
    return (
      <Stack gap={4}>
        <Text size="sm">Uploading and reading {file.name}…</Text>
        <Progress value={file.progress} aria-label={`Upload of ${file.name}`} />
      </Stack>
    );
  }
  if (file.status === 'error' || !file.fields) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={`${file.name} cannot be used`}>
        {file.error}
      </Alert>
    );
  }
  const { fields } = file;
  if (fields.error) {
    return (
      <Alert color="orange" icon={<IconAlertCircle size={18} />} title={`${file.name} has no structures`}>
        {fields.error}
      </Alert>
    );
  }
  const options = fields.fields.map((f) => ({
    value: f.name,
    label: f.samples.length > 0 ? `${f.label} (e.g. ${f.samples.join(', ')})` : f.label,
  }));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {fields.points} placemarks with a point will be structures
        {fields.otherPlacemarks === 1 ? '; 1 line or shape is not imported' : ''}
        {fields.otherPlacemarks > 1 ? `; ${fields.otherPlacemarks} lines or shapes are not imported` : ''}
        {fields.folders > 0 ? `; ${fields.folders} folders` : ''}.
      </Text>
      <SegmentedControl
        aria-label="Line from"
        value={file.lineMode}
        onChange={(value) => onChange({ lineMode: value as 'field' | 'name' })}
        data={[
          { value: 'field', label: 'Line field' },
          { value: 'name', label: 'Line name' },
        ]}
      />
      {file.lineMode === 'field' ? (
        <Select
          label="Line field"
          withAsterisk
          placeholder="Choose the field that names the line"
          data={options}
          value={file.lineField}
          onChange={(value) => onChange({ lineField: value })}
        />
      ) : (
        <TextInput
          label="Line name"
          withAsterisk
          maxLength={50}
          value={file.lineName}
          onChange={(e) => onChange({ lineName: e.currentTarget.value })}
        />
      )}
      <Select
        label="Structure field"
        withAsterisk
        placeholder="Choose the field that names each structure"
        data={options}
        value={file.structureField}
        onChange={(value) => onChange({ structureField: value })}
      />
    </Stack>
  );
}
