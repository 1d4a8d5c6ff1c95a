import {
  addDays,
  DEFAULT_PROJECT_DAYS,
  type KmzEntry,
  MAPPING_STEP_ASSIGNMENT_TYPE,
  type ProjectFormMode,
  type ProjectListItem,
  projectFormSchema,
} from '@linewalker/domain';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatCount } from '../../../lib/format.ts';
import { useSaveProject } from '../api/saveProject.ts';
import { type CsvFile, coordinateColumns } from '../csv/csvFile.ts';
import { csvProblemsByUrl } from '../csv/serverFileProblems.ts';
import { useCsvFiles } from '../csv/useCsvFiles.ts';
import { CsvMappingModal } from './CsvMappingModal.tsx';
import { ProjectFormModal } from './ProjectFormModal.tsx';
import { calendarNote, useProjectCalendar, userTimeZone } from './projectCalendar.ts';
import { initialFormValues, type ProjectFormState } from './projectFormValues.ts';
import { SaveErrorDetails } from './SaveErrorDetails.tsx';

interface ProjectDialogProps {
  mode: ProjectFormMode;
  /** The project to edit (edit mode). */
  project?: ProjectListItem;
  onClose: () => void;
}

/**
 * A kmzs entry: the six fields of spec 1 §7, plus the import choices when made (hand-picked coordinate
 * columns travel as latField/lonField); the files are all valid when Save is enabled.
 */
const kmzEntry = (f: CsvFile): KmzEntry => {
  const { latField, lonField } = coordinateColumns(f);
  return {
    url: f.url ?? '',
    name: f.file.name,
    latField: latField ?? '',
    lonField: lonField ?? '',
    lineNameField: f.lineNameField ?? '',
    structNumField: f.structNumField ?? '',
    ...(f.structNumFallbackField ? { structNumFallbackField: f.structNumFallbackField } : {}),
    ...(f.skipInvalidRows ? { skipInvalidRows: true } : {}),
  };
};

/**
 * The whole create/edit flow: the project form, then — when CSV files are attached — the mapping step,
 * then one save. Mounted while open, so every opening starts clean.
 */
export function ProjectDialog({ mode, project, onClose }: ProjectDialogProps) {
  const [now] = useState(() => new Date());
  const csv = useCsvFiles();
  // Dates are judged in the project's calendar, as the server judges them (see useProjectCalendar).
  const calendar = useProjectCalendar(csv.files, now);
  const { today, timeZone } = calendar;
  const schema = useMemo(() => projectFormSchema({ mode, today, timeZone }), [mode, today, timeZone]);
  const form = useForm<ProjectFormState>({
    initialValues: initialFormValues(mode, today, project),
    validate: schemaResolver(schema, { sync: true }),
  });
  // The default dates follow the project's today once its zone is known (the Bremen file seen from a
  // Chicago evening starts tomorrow); dates the user picked stay as they are and are checked.
  const defaults = useRef({ start: today as string, due: form.getValues().due_date });
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is stable; the defaults move only when the project's today does
  useEffect(() => {
    if (mode !== 'create' || !calendar.known) return;
    const values = form.getValues();
    if (values.start_date !== defaults.current.start || values.start_date === today) return;
    const due =
      values.due_date === defaults.current.due ? addDays(today, DEFAULT_PROJECT_DAYS) : values.due_date;
    defaults.current = { start: today, due };
    form.setValues({ start_date: today, due_date: due });
  }, [mode, calendar.known, today]);
  const save = useSaveProject();
  const [step, setStep] = useState<'form' | 'mapping'>('form');
  const [unmatchedIssues, setUnmatchedIssues] = useState<string[]>([]);

  const send = (files: CsvFile[]) => {
    // The files' zone is known now: a date before the project's today goes back to the form, explained.
    if (form.validate().hasErrors) {
      setStep('form');
      return;
    }
    const values = schema.parse(form.getValues());
    const kmzs = files.map(kmzEntry);
    const fields = {
      ...values,
      kmzs,
      // Spec 1 §9: a new project from CSV files is assigned by ratio (the mapping step's default).
      structure_assignment_type:
        mode === 'create' && kmzs.length > 0
          ? MAPPING_STEP_ASSIGNMENT_TYPE
          : values.structure_assignment_type,
    };
    setUnmatchedIssues([]);
    save.mutate(
      mode === 'edit' && project
        ? { kind: 'update', body: { ...fields, id: project.id } }
        : { kind: 'create', body: { ...fields, id: null } },
      {
        onSuccess: (answer) => {
          const imported = answer.imported.structures;
          notifications.show({
            color: 'teal',
            title: mode === 'edit' ? 'Project saved' : 'Project created',
            message:
              answer.importJobId !== null
                ? `${values.project_name}: importing ${formatCount(imported)} structures. The project opens when they are all in.`
                : imported > 0
                  ? `${values.project_name}: ${formatCount(imported)} structures imported.`
                  : values.project_name,
          });
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          // Field messages go under their fields; a taken name under Job Name.
          const nameTaken = error.code === 'project_name_taken';
          if (nameTaken) form.setFieldError('project_name', error.message);
          const { issues } = error;
          const unmatched: string[] = [];
          for (const issue of issues) {
            if (issue.path in form.getValues()) form.setFieldError(issue.path, issue.message);
            else unmatched.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
          }
          setUnmatchedIssues(unmatched);
          // A form problem found by the server is fixed on the form, not in the mapping step.
          if (issues.some((i) => i.path in form.getValues()) || nameTaken) setStep('form');
        },
      },
    );
  };

  // Escape, the close button, Cancel or a click outside must not throw away typed details or
  // uploaded files without asking first.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const requestClose = () => {
    if (save.isPending) return;
    if (form.isDirty() || csv.files.length > 0) setConfirmingDiscard(true);
    else onClose();
  };

  const submitForm = () => {
    save.reset();
    if (form.validate().hasErrors) return;
    if (csv.files.length > 0) setStep('mapping');
    else send([]);
  };

  const serverError = save.error ? (
    <SaveErrorDetails error={save.error} unmatchedIssues={unmatchedIssues} />
  ) : null;

  return (
    <>
      <ProjectFormModal
        opened={step === 'form'}
        mode={mode}
        form={form}
        minDate={mode === 'create' ? today : undefined}
        dateNote={mode === 'create' ? calendarNote(calendar, now, userTimeZone()) : undefined}
        lockCustomerAndType={mode === 'edit' && (project?.structures ?? 0) > 0}
        files={csv.files}
        onAddFiles={csv.add}
        onRemoveFile={csv.remove}
        onSubmit={submitForm}
        onClose={requestClose}
        saving={save.isPending}
        serverError={step === 'form' ? serverError : null}
      />
      <CsvMappingModal
        opened={step === 'mapping'}
        title={mode === 'edit' ? 'Edit project' : 'Create New Project'}
        files={csv.files}
        onChooseColumns={csv.chooseColumns}
        onReplace={csv.replace}
        onBack={() => {
          save.reset();
          setStep('form');
        }}
        onClose={requestClose}
        onSave={() => send(csv.files)}
        saving={save.isPending}
        saveError={step === 'mapping' ? serverError : null}
        serverProblems={csvProblemsByUrl(save.error)}
      />
      <ConfirmDialog
        opened={confirmingDiscard}
        title={mode === 'edit' ? 'Discard your changes?' : 'Discard this project?'}
        message={
          csv.files.length > 0
            ? 'The details you entered and the CSV files you added will be lost.'
            : 'The details you entered will be lost.'
        }
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmingDiscard(false)}
      />
    </>
  );
}
