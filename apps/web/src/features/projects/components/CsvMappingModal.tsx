import {
  COLUMN_CHOICE_MESSAGES,
  type CsvFileProblem,
  IMPORT_CHOICE_MESSAGES,
  suggestColumns,
} from '@linewalker/domain';
import { Alert, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type CsvChoice,
  type CsvFile,
  choiceErrors,
  coordinateColumns,
  isCsvFileValid,
  needsCoordinateChoice,
} from '../csv/csvFile.ts';
import { ColumnSelect } from './ColumnSelect.tsx';
import { CsvCoordinateChoice } from './CsvCoordinateChoice.tsx';
import { CsvErrorsSection } from './CsvErrorsSection.tsx';
import { CsvFilePager } from './CsvFilePager.tsx';
import { CsvSampleRows } from './CsvSampleRows.tsx';

interface CsvMappingModalProps {
  opened: boolean;
  title: string;
  files: CsvFile[];
  onChooseColumns: (key: string, choice: CsvChoice) => void;
  onReplace: (key: string, file: File) => void;
  onBack: () => void;
  onClose: () => void;
  onSave: () => void;
  saving: boolean;
  /** What the server answered when Save failed. */
  saveError: ReactNode | null;
  /** Files the server refused on the last Save, by url (a replaced file has a new url). */
  serverProblems: Map<string, CsvFileProblem>;
}

/** The error a name select itself shows: only real conflicts, not 'not chosen yet'. */
function selectError(problems: string[], own: string[]): string | null {
  return problems.find((p) => own.includes(p)) ?? null;
}

/**
 * The second step of 'Create New Project' (spec 1 §2 'CSV mapping modal'): per file, choose the Line
 * Name and Structure Name columns, see the row errors and sample rows, replace a bad file; Save only when
 * every file is valid (spec 1 §4).
 */
export function CsvMappingModal(props: CsvMappingModalProps) {
  const { files, onChooseColumns } = props;
  const [index, setIndex] = useState(0);
  const current = files[Math.min(index, files.length - 1)];
  const refused = (f: CsvFile) => (f.url !== null ? props.serverProblems.get(f.url) : undefined);
  const fileOk = (f: CsvFile) => isCsvFileValid(f) && !refused(f);
  const allValid = files.length > 0 && files.every(fileOk);
  const alertRef = useRef<HTMLDivElement>(null);
  // Save sits at the bottom of a long dialog: bring the answer into view.
  useEffect(() => {
    if (props.saveError) alertRef.current?.scrollIntoView({ block: 'start' });
  }, [props.saveError]);

  let body: ReactNode = <Text c="dimmed">No CSV file is attached. Go back to attach one.</Text>;
  if (current) {
    const problems = choiceErrors(current);
    const fields = current.fields?.fields ?? [];
    const report = current.check.phase === 'done' ? current.check.report : null;
    const lineOwn = [COLUMN_CHOICE_MESSAGES.lineIsCoordinate, COLUMN_CHOICE_MESSAGES.sameColumn];
    const structureOwn = [COLUMN_CHOICE_MESSAGES.structureIsCoordinate];
    const fallbackOwn = [
      IMPORT_CHOICE_MESSAGES.fallbackIsCoordinate,
      IMPORT_CHOICE_MESSAGES.fallbackIsLine,
      IMPORT_CHOICE_MESSAGES.fallbackIsStructure,
    ];
    const picked = coordinateColumns(current);
    const suggestions = suggestColumns(fields, picked);
    const choose = (choice: CsvChoice) => onChooseColumns(current.key, choice);
    body = (
      <Stack gap="md">
        <CsvFilePager
          index={files.indexOf(current)}
          count={files.length}
          name={current.file.name}
          valid={fileOk(current)}
          checking={current.check.phase === 'running' || current.upload.phase !== 'ready'}
          onChange={setIndex}
        />
        {needsCoordinateChoice(current) && (
          <CsvCoordinateChoice file={current} suggestions={suggestions} onChoose={choose} />
        )}
        <Stack gap="xs" component="section" aria-labelledby="csv-names">
          <Title order={3} size="h5" id="csv-names">
            Line and Structure Names
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ColumnSelect
              label="Line Name"
              fields={fields}
              value={current.lineNameField}
              otherValue={current.structNumField}
              onChange={(v) => choose({ lineNameField: v })}
              error={selectError(problems, lineOwn)}
              suggested={suggestions.line}
              excluded={[picked.latField ?? '', picked.lonField ?? '']}
              disabled={!current.fields}
            />
            <ColumnSelect
              label="Structure Name"
              fields={fields}
              value={current.structNumField}
              otherValue={current.lineNameField}
              onChange={(v) => choose({ structNumField: v })}
              error={selectError(problems, structureOwn)}
              suggested={suggestions.structure}
              excluded={[picked.latField ?? '', picked.lonField ?? '']}
              disabled={!current.fields}
            />
          </SimpleGrid>
          <ColumnSelect
            label="Fallback column"
            description="Names the structures whose Structure Name is blank"
            placeholder="None: a blank name is an error"
            fields={fields}
            value={current.structNumFallbackField}
            otherValue={current.structNumField}
            excluded={[current.lineNameField ?? '', picked.latField ?? '', picked.lonField ?? '']}
            suggested={suggestions.structure.filter((n) => n !== current.structNumField)}
            onChange={(v) => choose({ structNumFallbackField: v })}
            error={selectError(problems, fallbackOwn)}
            disabled={!current.fields}
            clearable
          />
          {picked.latField && picked.lonField && (
            <Text size="xs" c="dimmed">
              Latitude column: {picked.latField} · Longitude column: {picked.lonField}
            </Text>
          )}
        </Stack>
        <Divider />
        <CsvErrorsSection
          file={current}
          choiceProblems={problems}
          onReplace={(file) => props.onReplace(current.key, file)}
          onChoose={choose}
          serverProblem={refused(current)}
        />
        <Divider />
        <CsvSampleRows rows={report ? report.rows : null} summary={report?.summary ?? null} />
      </Stack>
    );
  }

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="xl" centered={false}>
      {props.saveError && (
        <Alert
          ref={alertRef}
          color="red"
          icon={<IconAlertCircle />}
          mb="md"
          title="The project was not saved"
          role="alert"
        >
          {props.saveError}
        </Alert>
      )}
      {body}
      <Group justify="space-between" mt="lg">
        <Button variant="default" onClick={props.onBack} disabled={props.saving}>
          Back
        </Button>
        <Group gap="xs">
          {!allValid && files.length > 0 && (
            <Text size="sm" c="dimmed">
              Every file must be valid to save.
            </Text>
          )}
          <Button onClick={props.onSave} disabled={!allValid} loading={props.saving}>
            Save
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
