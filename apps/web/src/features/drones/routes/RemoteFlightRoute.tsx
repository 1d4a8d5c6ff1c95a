import { CAPTURE_MESSAGES, type DroneEndpoint, MOVE_ENDPOINTS, type MoveEndpoint } from '@linewalker/domain';
import { Alert, Box, Button, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/QueryError.tsx';
import { isApiError } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { useSession } from '../../../lib/session.ts';
import {
  releaseDroneControl,
  sendDroneCommand,
  setEmergencyStop,
  takeDroneControl,
  useDroneControl,
  useDrones,
} from '../api/drones.ts';
import { type CaptureProject, CaptureProjectSelect } from '../components/CaptureProjectSelect.tsx';
import {
  CentreCard,
  CentreMarker,
  ControlCard,
  FlightTimeBar,
  InputQueue,
} from '../components/ConsolePanels.tsx';
import { FlightLogModal } from '../components/FlightLogModal.tsx';
import { HoldButton } from '../components/HoldButton.tsx';
import { KeyHelpModal } from '../components/KeyHelpModal.tsx';
import { LiveVideo } from '../components/LiveVideo.tsx';
import { ALERT_TEXT, enqueue, type QueuedCommand, settle } from '../model/commandQueue.ts';
import { useFlightKeys } from '../model/useFlightKeys.ts';
import { useLiveDrone } from '../model/useLiveDrone.ts';

const MOVES: { label: string; key: string }[] = [
  { label: 'Yaw-L (Q)', key: 'q' },
  { label: 'Forward (W)', key: 'w' },
  { label: 'Yaw-R (E)', key: 'e' },
  { label: 'Ascend (R)', key: 'r' },
  { label: 'Left (A)', key: 'a' },
  { label: 'Reverse (S)', key: 's' },
  { label: 'Right (D)', key: 'd' },
  { label: 'Descend (C)', key: 'c' },
];

function requestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const errorText = (err: unknown) => (isApiError(err) ? err.message : 'The request failed. Try again.');

/**
 * The remote flight console (/remote-flight?droneId=…, spec 3 §2): live video full screen with a centre
 * marker, the Input Queue, the Remaining Flight Time bar, the movement and flight buttons with their keys,
 * the centre card (video mode, flight time, Space bar button), the control lease, failsafe banners and the
 * emergency stop.
 */
export function RemoteFlightRoute({ projects }: { projects: CaptureProject[] }) {
  const [params, setParams] = useSearchParams();
  const drones = useDrones();
  const session = useSession();
  const queryClient = useQueryClient();
  const picked = Number(params.get('droneId'));
  const droneId = Number.isInteger(picked) && picked > 0 ? picked : null;
  const control = useDroneControl(droneId);
  const myId = session.data?.userId ?? null;
  const iControl = control.data?.controller?.userId === myId && myId !== null;
  const live = useLiveDrone(droneId, iControl);
  const status = live.status;
  const [queue, setQueue] = useState<QueuedCommand[]>([]);
  const [queueOpen, setQueueOpen] = useState(false);
  const [help, setHelp] = useState(false);
  const [log, setLog] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const canFly = iControl && live.live && !control.data?.emergencyStop;
  const flight = useRef({ airborne: false, canFly: false });
  const moveInFlight = useRef(false);
  flight.current = { airborne: status?.airborne ?? false, canFly };
  // The project captured images go to: chosen here, at first the drone's own project.
  const [chosenProject, setCaptureProject] = useState<{ droneId: number; projectId: number | null } | null>(
    null,
  );
  const droneProject = drones.data?.find((d) => d.id === droneId)?.project_id ?? null;
  const captureProjectId =
    chosenProject && chosenProject.droneId === droneId ? chosenProject.projectId : droneProject;
  const captureTo = useRef<CaptureProject | null>(null);
  captureTo.current = projects.find((p) => p.id === captureProjectId) ?? null;

  const send = useCallback(
    (endpoint: DroneEndpoint) => {
      if (droneId === null || !flight.current.canFly) return;
      // A held key repeats; while its last command is still on the way, the repeat is skipped, so a slow
      // link gets fewer commands, never a growing backlog of stale ones.
      const move = MOVE_ENDPOINTS.includes(endpoint as MoveEndpoint);
      if (move && moveInFlight.current) return;
      const capture = endpoint === '/capture' ? captureTo.current : null;
      if (endpoint === '/capture' && !capture) {
        setProblem(CAPTURE_MESSAGES.projectRequired);
        return;
      }
      if (move) moveInFlight.current = true;
      const id = requestId();
      const started = performance.now();
      setQueue((q) =>
        enqueue(q, { requestId: id, endpoint, result: null, message: null, roundTripMs: null }),
      );
      sendDroneCommand(droneId, id, endpoint, capture && { projectId: capture.id })
        .finally(() => {
          if (move) moveInFlight.current = false;
        })
        .then(
          (answer) => {
            setQueue((q) =>
              settle(q, id, {
                result: answer.result,
                message: answer.message,
                roundTripMs: Math.round(performance.now() - started),
              }),
            );
            if (capture && answer.imageId != null)
              notifications.show({
                color: 'teal',
                title: 'Image captured',
                message: `Added to the photos of ${capture.project_name}`,
              });
          },
          (err: unknown) => {
            setQueue((q) => settle(q, id, { result: 'failed', message: errorText(err), roundTripMs: null }));
            if (isApiError(err))
              void queryClient.invalidateQueries({ queryKey: queryKeys.drones.control(droneId) });
          },
        );
    },
    [droneId, queryClient],
  );
  const keys = useFlightKeys(
    send,
    () => flight.current,
    () => setHelp((h) => !h),
  );

  const refreshControl = async () => {
    if (droneId !== null)
      await queryClient.invalidateQueries({ queryKey: queryKeys.drones.control(droneId) });
  };
  const act = (work: () => Promise<unknown>) => {
    setProblem(null);
    work().then(refreshControl, (err: unknown) => {
      setProblem(errorText(err));
      void refreshControl();
    });
  };

  // The parts of the console that do not follow the drone's status are made once, not at every status.
  const droneList = drones.data;
  const picker = useMemo(
    () => (
      <Select
        aria-label="Drone"
        placeholder="Choose a drone"
        data={(droneList ?? []).map((d) => ({
          value: String(d.id),
          label: d.company_name ? `${d.name} (${d.company_name})` : d.name,
        }))}
        value={droneId === null ? null : String(droneId)}
        onChange={(v) => {
          setQueue([]);
          setParams(v ? { droneId: v } : {});
        }}
        allowDeselect={false}
        w={280}
      />
    ),
    [droneList, droneId, setParams],
  );
  const chooseCaptureProject = useCallback(
    (projectId: number | null) => {
      if (droneId !== null) setCaptureProject({ droneId, projectId });
    },
    [droneId],
  );
  const closeHelp = useCallback(() => setHelp(false), []);
  const closeLog = useCallback(() => setLog(false), []);

  if (drones.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading drones" />
      </Center>
    );
  if (drones.isError) return <QueryError error={drones.error} onRetry={() => drones.refetch()} />;
  const list = drones.data;
  if (list.length === 0)
    return (
      <Center py="xl">
        <Text>No drones are registered yet. A super admin registers them.</Text>
      </Center>
    );
  if (droneId === null || !list.some((d) => d.id === droneId))
    return (
      <Center py="xl">
        <Stack align="center">
          <Text fw={600}>Choose a drone to watch or fly</Text>
          {picker}
        </Stack>
      </Center>
    );

  const armed = status?.armed ?? false;
  const airborne = status?.airborne ?? false;
  const battery = status?.batteryPercent ?? 0;
  const controller = control.data?.controller ?? null;
  const stopped = control.data?.emergencyStop ?? false;
  const alerts = status?.alerts ?? [];

  return (
    <Box
      pos="relative"
      h="calc(100dvh - 110px)"
      mih={560}
      style={{ overflow: 'hidden', borderRadius: 8, background: '#222' }}
    >
      <LiveVideo key={droneId} feed={live.frames} />
      <CentreMarker />

      <Stack pos="absolute" top={12} left={12} right={12} gap="xs">
        <Group justify="space-between" align="flex-start">
          <Group align="flex-start">
            {picker}
            <Box pos="relative">
              <Button variant="white" onClick={() => setQueueOpen((o) => !o)} aria-expanded={queueOpen}>
                Input Queue
              </Button>
              {queueOpen && <InputQueue queue={queue} />}
            </Box>
            <Button variant="white" onClick={() => setHelp(true)}>
              Keys (?)
            </Button>
            <Button variant="white" onClick={() => setLog(true)}>
              Flight Log
            </Button>
            <CaptureProjectSelect
              projects={projects}
              value={captureProjectId}
              onChange={chooseCaptureProject}
            />
          </Group>
          <ControlCard
            controller={controller}
            iControl={iControl}
            stopped={stopped}
            onTake={() => act(() => takeDroneControl(droneId))}
            onRelease={() => act(() => releaseDroneControl(droneId))}
            onStop={(active) => act(() => setEmergencyStop(droneId, active))}
          />
        </Group>
        <FlightTimeBar status={status} battery={battery} />
        {problem && (
          <Alert color="red" withCloseButton onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        {!live.live && (
          <Alert color="orange" title={status ? 'Link to the drone lost' : 'Connecting to the drone…'}>
            {status
              ? 'No status from the drone for over a second. Commands are paused until it returns.'
              : 'Waiting for the first status from the drone.'}
          </Alert>
        )}
        {alerts.map((a) => (
          <Alert key={a} color={a === 'emergencyStop' || a === 'batteryCritical' ? 'red' : 'yellow'}>
            {ALERT_TEXT[a === 'geofence' && status?.mode === 'returnHome' ? 'geofenceReturn' : a] ?? a}
          </Alert>
        ))}
        {!iControl && live.live && (
          <Text size="sm" c="white" style={{ textShadow: '0 0 4px #000' }}>
            {controller
              ? `${controller.name} is flying this drone; you are watching.`
              : 'Take control to fly.'}
          </Text>
        )}
      </Stack>

      <Paper pos="absolute" left={12} bottom={12} p="xs" withBorder>
        <Text size="xs" fw={600} mb={4}>
          Move
        </Text>
        <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(4, auto)', gap: 6 }}>
          {MOVES.map((m) => (
            <HoldButton
              key={m.key}
              label={m.label}
              size="xs"
              variant="default"
              disabled={!canFly || !airborne}
              onHoldStart={() => keys.moveDown(m.key)}
              onHoldEnd={() => keys.moveUp(m.key)}
            />
          ))}
        </Box>
      </Paper>

      <CentreCard status={status} canCapture={canFly && airborne} keys={keys} />

      <Paper pos="absolute" right={12} bottom={12} p="xs" withBorder>
        <Text size="xs" fw={600} mb={4}>
          Flight (hold to confirm)
        </Text>
        <Stack gap={6}>
          <HoldButton
            label={armed ? 'Disarm Drone' : 'Arm Drone'}
            size="xs"
            color={armed ? 'gray' : 'blue'}
            disabled={!canFly || airborne}
            onHoldStart={() => keys.confirmStart(armed ? '/disarm' : '/arm')}
            onHoldEnd={keys.confirmCancel}
          />
          <HoldButton
            label="Head Home (H)"
            size="xs"
            variant="default"
            disabled={!canFly || !airborne}
            onHoldStart={() => keys.confirmStart('/returnHome')}
            onHoldEnd={keys.confirmCancel}
          />
          <HoldButton
            label="Take-Off (P)"
            size="xs"
            variant="default"
            disabled={!canFly || !armed || airborne}
            onHoldStart={() => keys.confirmStart('/takeoff')}
            onHoldEnd={keys.confirmCancel}
          />
          <HoldButton
            label="Land (P)"
            size="xs"
            variant="default"
            disabled={!canFly || !airborne}
            onHoldStart={() => keys.confirmStart('/land')}
            onHoldEnd={keys.confirmCancel}
          />
        </Stack>
      </Paper>

      <KeyHelpModal opened={help} onClose={closeHelp} />
      <FlightLogModal
        droneId={droneId}
        droneName={list.find((d) => d.id === droneId)?.name ?? ''}
        opened={log}
        onClose={closeLog}
      />
    </Box>
  );
}
