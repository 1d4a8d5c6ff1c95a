import { COLUMN_CHOICE_MESSAGES, type CsvFileProblem } from '@linewalker/domain';
import { Alert, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatCount } from '../../../lib/format.ts';
import { type CsvChoice, type CsvFile, coordinateError } from '../csv/csvFile.ts';
import { CsvDropzone } from './CsvDropzone.tsx';
import { CsvRowErrors } from './CsvRowErrors.tsx';
import { CsvSkipChoice } from './CsvSkipChoice.tsx';

interface CsvErrorsSectionProps {
  file: CsvFile;
  /** Errors of the column choice itself (shown under the selects too). */
  choiceProblems: string[];
  onReplace: (file: File) => void;
  /** Import choices of this file (here: skipping the invalid rows). */
  onChoose: (choice: CsvChoice) => void;
  /** The server's verdict on this file from a refused save, if any. */
  serverProblem?: CsvFileProblem;
}

function ServerVerdict({ problem }: { problem: CsvFileProblem }) {
  return (
    <Stack gap={4} role="alert">
      <Text size="sm" fw={500} c="red">
        The server refused this file: {problem.reasons.join(' ')}
      </Text>
      {problem.errorRows.length > 0 && (
        <CsvRowErrors rows={problem.errorRows} total={problem.errorRowCount} />
      )}
    </Stack>
  );
}

function CheckState({
  file,
  choiceProblems,
  onChoose,
}: Pick<CsvErrorsSectionProps, 'file' | 'choiceProblems' | 'onChoose'>) {
  const { upload, check } = file;
  if (upload.phase === 'uploading' || upload.phase === 'reading') {
    return (
      <Stack gap={4}>
        <Text size="sm">
          {upload.phase === 'uploading' ? `Uploading ${upload.percent}%` : 'Reading columns…'}
        </Text>
        <Progress value={upload.percent} animated={upload.phase === 'reading'} aria-label="Upload progress" />
      </Stack>
    );
  }
  if (upload.phase === 'failed') {
    return (
      <Text size="sm" c="red" role="alert">
        {upload.error ?? 'The upload failed.'} Drop the file again below.
      </Text>
    );
  }
  const coordinates = coordinateError(file);
  if (coordinates) {
    return (
      <Text size="sm" c="red" role="alert">
        {coordinates}
      </Text>
    );
  }
  if (check.phase === 'running') {
    return (
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm">Checking rows… {formatCount(check.rows)} read</Text>
          <Text size="sm" fw={500}>
            {check.percent}%
          </Text>
        </Group>
        <Progress value={check.percent} aria-label="Row check progress" />
      </Stack>
    );
  }
  if (check.phase === 'failed') {
    return (
      <Text size="sm" c="red" role="alert">
        {check.error}
      </Text>
    );
  }
  if (check.phase === 'done') {
    const { report } = check;
    if (report.errorRowCount > 0) {
      return (
        <Stack gap="xs">
          <CsvRowErrors rows={report.errorRows} total={report.errorRowCount} />
          {report.validRows > 0 && (
            <CsvSkipChoice
              file={file}
              validRows={report.validRows}
              errorRows={report.errorRowCount}
              onChoose={onChoose}
            />
          )}
        </Stack>
      );
    }
    if (report.validRows === 0) {
      return (
        <Text size="sm" c="red">
          The file has no valid structures.
        </Text>
      );
    }
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck />} p="xs">
        No errors: all {formatCount(report.rowCount)} rows are valid.{' '}
        <Text span size="xs" c="dimmed">
          (checked in {(check.ms / 1000).toFixed(1)} s)
        </Text>
      </Alert>
    );
  }
  // 'Choose the … column.' is a step still to take, not an error: the hint below says it.
  const unchosen: string[] = [COLUMN_CHOICE_MESSAGES.lineRequired, COLUMN_CHOICE_MESSAGES.structureRequired];
  const blocking = choiceProblems.filter((p) => !unchosen.includes(p));
  if (blocking.length > 0) {
    return (
      <Stack gap={2}>
        {blocking.map((p) => (
          <Text key={p} size="sm" c="red">
            {p}
          </Text>
        ))}
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Choose the Line Name and Structure Name columns to check the rows.
    </Text>
  );
}

/** 'Errors' (spec 1 §2): coordinate messages in red, up to 100 bad rows, and 'Drag & Drop Updated CSV'. */
export function CsvErrorsSection({
  file,
  choiceProblems,
  onReplace,
  onChoose,
  serverProblem,
}: CsvErrorsSectionProps) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="csv-errors">
      <Title order={3} size="h5" id="csv-errors">
        Errors
      </Title>
      {serverProblem ? (
        <ServerVerdict problem={serverProblem} />
      ) : (
        <CheckState file={file} choiceProblems={choiceProblems} onChoose={onChoose} />
      )}
      <CsvDropzone
        label="Drag & Drop Updated CSV"
        title="Drag & Drop Updated CSV"
        hint={`Replaces ${file.file.name} (or click to choose a file)`}
        multiple={false}
        onFiles={(files) => {
          const first = files[0];
          if (first) onReplace(first);
        }}
      />
    </Stack>
  );
}
