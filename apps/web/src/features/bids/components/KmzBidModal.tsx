import {
  ASSIGNMENT_TYPES,
  type BidCreateResponse,
  bidProjectDefaults,
  isoDateOf,
  type KmzFileProblem,
} from '@linewalker/domain';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconFileZip,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FileDropzone } from '../../../components/FileDropzone.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useCreateBid } from '../api/createBid.ts';
import { useKmzCheck } from '../api/kmzCheck.ts';
import { type BidFormState, bidPayload } from './CreateBidModal.tsx';
import { KmzCheckSummary } from './KmzCheckSummary.tsx';
import { KmzFileMapping } from './KmzFileMapping.tsx';
import { isFileComplete, kmzMappingOf, useKmzFiles } from './useKmzFiles.ts';

/** Quiet time after the last mapping change before the files are checked again. */
const CHECK_DEBOUNCE_MS = 400;

interface KmzBidModalProps {
  bid: BidFormState;
  onBack: () => void;
  onClose: () => void;
  onSaved: (saved: BidCreateResponse, projectName: string) => void;
}

const ASSIGNMENT_LABELS: Record<(typeof ASSIGNMENT_TYPES)[number], string> = {
  dueDate: 'By due date',
  ratio: 'Structures per pilot per day',
};

/** Create New Bid / KMZ (spec 3 §2, §3 'Project (KMZ step)', §4 'Bid flow'). */
export function KmzBidModal({ bid, onBack, onClose, onSaved }: KmzBidModalProps) {
  const today = isoDateOf(new Date());
  const [project, setProject] = useState(() => bidProjectDefaults(bid, today));
  const { files, add, update, remove } = useKmzFiles();
  const [index, setIndex] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [fileProblems, setFileProblems] = useState<KmzFileProblem[]>([]);
  // One id per attempt at this bid: a retry after a lost answer gets the first result, not a second bid.
  const requestId = useMemo(() => crypto.randomUUID(), []);
  const save = useCreateBid();
  const current = files[Math.min(index, files.length - 1)];
  const complete = files.length > 0 && files.every(isFileComplete);
  // The complete files are checked as mapped while the user maps (debounced): counts before Save.
  const mapped = useMemo(() => files.filter(isFileComplete).map(kmzMappingOf), [files]);
  const [checked] = useDebouncedValue(mapped, CHECK_DEBOUNCE_MS);
  const check = useKmzCheck(checked);
  const checkOf = (url: string | null) => check.data?.files.find((f) => f.url === url);
  const currentIndex = checked.findIndex((m) => m.url === current?.url);
  const blocked =
    !check.isPlaceholderData &&
    checked === mapped &&
    (check.data?.files.some((f) => f.reasons.length > 0) ?? false);

  const submit = () => {
    setProblems([]);
    setFileProblems([]);
    save.mutate(
      {
        bid: bidPayload(bid),
        project: { ...project, pilot_struct_day: project.pilot_struct_day || null },
        kmzs: files.map(kmzMappingOf),
        request_id: requestId,
      },
      {
        onSuccess: (saved) => onSaved(saved, project.project_name),
        onError: (err) => {
          if (isApiError(err, 'kmz_invalid')) {
            setFileProblems((err.body as { files?: KmzFileProblem[] }).files ?? []);
          } else if (isApiError(err) && err.issues.length > 0) {
            setProblems(err.issues.map((i) => i.message));
          } else {
            setProblems([err.message]);
          }
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Create New Bid / KMZ" size="xl">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Project name"
            withAsterisk
            value={project.project_name}
            onChange={(e) => setProject({ ...project, project_name: e.currentTarget.value })}
          />
          <Select
            label="Structure assignment"
            data={ASSIGNMENT_TYPES.map((t) => ({ value: t, label: ASSIGNMENT_LABELS[t] }))}
            value={project.structure_assignment_type}
            allowDeselect={false}
            onChange={(v) => setProject({ ...project, structure_assignment_type: (v ?? 'ratio') as 'ratio' })}
          />
          <TextInput
            label="Start date"
            type="date"
            withAsterisk
            value={project.start_date}
            onChange={(e) => setProject({ ...project, start_date: e.currentTarget.value })}
          />
          <TextInput
            label="Due date"
            type="date"
            value={project.due_date ?? ''}
            onChange={(e) => setProject({ ...project, due_date: e.currentTarget.value })}
          />
          <NumberInput
            label="Pilots"
            min={1}
            value={project.num_pilots}
            onChange={(v) => setProject({ ...project, num_pilots: Number(v) || 1 })}
          />
          <NumberInput
            label="Structures per pilot per day"
            min={1}
            value={project.pilot_struct_day ?? ''}
            onChange={(v) => setProject({ ...project, pilot_struct_day: v === '' ? null : Number(v) })}
          />
        </SimpleGrid>

        <FileDropzone
          onDrop={(dropped) => {
            add(dropped);
            if (files.length === 0) setIndex(0);
          }}
          accept=".kmz,.kml"
          accepts={(file) => /\.km[lz]$/i.test(file.name)}
          aria-label="KMZ files"
          p="md"
        >
          <Group justify="center" gap="md" mih={56} style={{ pointerEvents: 'none' }}>
            <IconFileZip size={30} color="var(--mantine-color-dimmed)" aria-hidden />
            <div>
              <Text fw={500}>Drop KMZ files here or click to choose</Text>
              <Text size="sm" c="dimmed">
                .kmz or .kml; each placemark with a point becomes a structure.
              </Text>
            </div>
          </Group>
        </FileDropzone>

        {current && (
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={16} />}
                disabled={index === 0}
                onClick={() => setIndex(index - 1)}
              >
                Previous
              </Button>
              <Title order={3} fz="md" ta="center" style={{ overflowWrap: 'anywhere' }}>
                File {Math.min(index, files.length - 1) + 1} of {files.length}: {current.name}
              </Title>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={16} />}
                disabled={index >= files.length - 1}
                onClick={() => setIndex(index + 1)}
              >
                Next
              </Button>
            </Group>
            <KmzFileMapping file={current} onChange={(patch) => update(current.key, patch)} />
            {isFileComplete(current) && checkOf(current.url) && currentIndex >= 0 && (
              <KmzCheckSummary
                check={checkOf(current.url)!}
                kmzs={checked}
                index={currentIndex}
                skipInvalidRows={current.skipInvalidRows}
                onSkipChange={(skipInvalidRows) => update(current.key, { skipInvalidRows })}
              />
            )}
            {isFileComplete(current) && check.isFetching && !checkOf(current.url) && (
              <Text size="sm" c="dimmed" role="status">
                Checking placemarks…
              </Text>
            )}
            {check.isError && (
              <Text size="sm" c="red" role="alert">
                {check.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  remove(current.key);
                  setIndex(Math.max(0, index - 1));
                }}
              >
                Remove {current.name}
              </Button>
            </Group>
          </Stack>
        )}

        {problems.length > 0 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="The bid was not saved">
            <List size="sm">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {fileProblems.map((p) => (
          <Alert key={p.url} color="red" icon={<IconAlertCircle size={18} />} title={`${p.name}: not saved`}>
            <Text size="sm">{p.reasons.join(' ')}</Text>
            {p.errorRows.length > 0 && (
              <List size="xs" mt={4}>
                {p.errorRows.slice(0, 10).map((r) => (
                  <List.Item key={r.rowNumber}>Placemark {r.text.replace(/^Row /, '')}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        ))}

        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={save.isPending}>
            Back
          </Button>
          <Group>
            {!complete && files.length > 0 && (
              <Text size="sm" c="dimmed">
                Choose a line and a structure field for every file.
              </Text>
            )}
            <Button onClick={submit} disabled={!complete || blocked} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
