import {
  FLIGHT_PLAN_MAX_BYTES,
  FLIGHT_PLAN_MESSAGE,
  type FlightPlanDetail,
  flightPlanExtension,
  formatCount,
  parseFlightPlan,
} from '@linewalker/domain';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlaneDeparture, IconRoute, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useFlightPlans, useUploadFlightPlan } from '../api/flightPlans.ts';

/**
 * The extension and the content, checked in the browser before anything is sent (the server checks both
 * again): the name must end in .plan or .json and the text must read as a QGroundControl plan or a JSON
 * mission with a position in it.
 */
async function checkPlanFile(file: File) {
  const extension = flightPlanExtension(file.name);
  if (!extension || file.size > FLIGHT_PLAN_MAX_BYTES) return null;
  return parseFlightPlan(await file.text()) ? extension : null;
}

/** Flight-plan upload (spec 2 §2 'Overview'): a dock box id and a .plan or .json file. */
export function FlightPlanUpload({ projectId }: { projectId: number }) {
  const [boxId, setBoxId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadFlightPlan(projectId);

  const send = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    setDone(null);
    const extension = await checkPlanFile(file);
    if (!extension) {
      setProblem(FLIGHT_PLAN_MESSAGE);
      return;
    }
    upload.mutate(
      { projectId, boxId: boxId.trim(), file, extension },
      {
        onSuccess: (plan) => setDone(`${plan.filename} uploaded for box ${plan.box_id}.`),
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={3} fz="md" mb="xs">
        Flight Plan Upload
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Box ID"
          placeholder="e.g. WB-0042"
          value={boxId}
          onChange={(event) => setBoxId(event.currentTarget.value)}
          maxLength={100}
          w={180}
        />
        <FileButton onChange={send} accept=".plan,.json,application/json">
          {(props) => (
            <Button
              {...props}
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
              disabled={boxId.trim() === ''}
            >
              Upload Flight Plan
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        A QGroundControl .plan, or a .json mission (a list of waypoints with lat and lon).
      </Text>
      {problem && (
        <Alert color="red" mt="sm" role="alert" data-testid="flight-plan-error">
          {problem}
        </Alert>
      )}
      {done && (
        <Alert color="green" mt="sm" role="status">
          {done}
        </Alert>
      )}
    </Paper>
  );
}

interface FlightPlanStatusProps {
  projectId: number;
  shownId: number | null;
  onShow: (planId: number | null) => void;
}

/** The project's plans (box id, file, created, flight started); one at a time is drawn on the map. */
export function FlightPlanStatus({ projectId, shownId, onShow }: FlightPlanStatusProps) {
  const plans = useFlightPlans(projectId, true);
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={3} fz="md" mb="xs">
        Flight Plan Status
      </Title>
      {plans.isError && <QueryError error={plans.error} onRetry={() => plans.refetch()} />}
      {plans.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No flight plans uploaded for this project yet.
        </Text>
      )}
      {plans.data && plans.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Flight plans" data-testid="flight-plans">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Box ID</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Flight Started</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plans.data.map((plan) => {
                const shown = plan.flight_plan_id === shownId;
                return (
                  <Table.Tr key={plan.flight_plan_id}>
                    <Table.Td>{plan.box_id}</Table.Td>
                    <Table.Td>
                      {plan.filename}{' '}
                      <Text span size="xs" c="dimmed">
                        ({formatCount(plan.waypoint_count)} points)
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(plan.created_date)}</Table.Td>
                    <Table.Td>
                      {plan.flight_started_date ? formatDateTime(plan.flight_started_date) : 'Not started'}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant={shown ? 'filled' : 'light'}
                        leftSection={<IconRoute size={12} />}
                        aria-pressed={shown}
                        onClick={() => onShow(shown ? null : plan.flight_plan_id)}
                      >
                        {shown ? 'Hide path' : 'Show path'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** What the shown plan misses: structures its path never comes within the coverage radius of. */
export function FlightPlanCoverage({
  plan,
  onPick,
}: {
  plan: FlightPlanDetail;
  onPick: (structureId: number) => void;
}) {
  const covered = plan.structure_count - plan.uncovered_count;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="flight-plan-coverage">
      <Group gap="xs" mb="xs">
        <IconPlaneDeparture size={18} aria-hidden />
        <Text fw={600}>{plan.filename}</Text>
        <Badge color={plan.uncovered_count === 0 ? 'green' : 'pink'} variant="light">
          {formatCount(covered)} of {formatCount(plan.structure_count)} structures within{' '}
          {plan.coverage_metres} m
        </Badge>
      </Group>
      {plan.uncovered_count === 0 ? (
        <Text size="sm">The path passes within {plan.coverage_metres} m of every structure.</Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            Not covered ({formatCount(plan.uncovered_count)}): ringed in pink on the map.
            {plan.uncovered_count > plan.uncovered.length &&
              ` The first ${formatCount(plan.uncovered.length)} are listed.`}
          </Text>
          <ScrollArea.Autosize mah={180}>
            <List size="sm" spacing={2}>
              {plan.uncovered.map((s) => (
                <List.Item key={s.structure_id}>
                  <Button variant="subtle" size="compact-sm" onClick={() => onPick(s.structure_id)}>
                    {s.struct_num}
                  </Button>{' '}
                  <Text span size="xs" c="dimmed">
                    {s.line_name} · {formatCount(Math.round(s.metres))} m from the path
                  </Text>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Paper>
  );
}
