import {
  DEFAULT_DRONE_FAILSAFES,
  DRONE_MESSAGES,
  type DroneListItem,
  DroneSaveBody,
  OPERATING_COMPANY_ID,
} from '@linewalker/domain';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { useSaveDrone } from '../api/droneAdmin.ts';
import { FailsafeFields, type FailsafeFormState } from './FailsafeFields.tsx';

interface DroneFormState {
  name: string;
  serial_number: string;
  company_id: string | null;
  driver: 'simulator' | 'mavlink';
  address: string;
  home_lat: number | string;
  home_lon: number | string;
  home_alt: number | string;
  project_id: string | null;
  failsafes: FailsafeFormState;
}

const initialValues = (drone: DroneListItem | null): DroneFormState => ({
  name: drone?.name ?? '',
  serial_number: drone?.serial_number ?? '',
  company_id: drone?.company_id != null ? String(drone.company_id) : null,
  driver: drone?.driver ?? 'simulator',
  address: drone?.address ?? '',
  home_lat: drone?.home_lat ?? '',
  home_lon: drone?.home_lon ?? '',
  home_alt: drone?.home_alt ?? '',
  project_id: drone?.project_id != null ? String(drone.project_id) : null,
  failsafes: { ...(drone?.failsafes ?? DEFAULT_DRONE_FAILSAFES) },
});

const number = (v: number | string) => (v === '' ? undefined : Number(v));

/** The form as the API reads it (the simulator sends no address). */
const toBody = (v: DroneFormState) => ({
  name: v.name,
  serial_number: v.serial_number,
  company_id: v.company_id === null ? undefined : Number(v.company_id),
  driver: v.driver,
  address: v.driver === 'mavlink' ? v.address : null,
  home_lat: number(v.home_lat),
  home_lon: number(v.home_lon),
  home_alt: number(v.home_alt),
  project_id: v.project_id === null ? null : Number(v.project_id),
  failsafes: {
    link_loss_seconds: number(v.failsafes.link_loss_seconds),
    return_home_battery: number(v.failsafes.return_home_battery),
    land_battery: number(v.failsafes.land_battery),
    geofence_distance_m: number(v.failsafes.geofence_distance_m),
    geofence_altitude_m: number(v.failsafes.geofence_altitude_m),
  },
});

const FIELD_MESSAGES: Partial<Record<keyof DroneFormState, string>> = {
  company_id: DRONE_MESSAGES.companyRequired,
  home_lat: DRONE_MESSAGES.latitudeRange,
  home_lon: DRONE_MESSAGES.longitudeRange,
  home_alt: DRONE_MESSAGES.altitudeRange,
};

/** The shared schema's rules, one message per field (a missing number says what the field needs). */
function validate(values: DroneFormState): Record<string, string> {
  const result = DroneSaveBody.safeParse(toBody(values));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    const missing = issue.code === 'invalid_type' && FIELD_MESSAGES[field as keyof DroneFormState];
    errors[field] ??= missing || issue.message;
  }
  return errors;
}

export interface Choice {
  value: string;
  label: string;
}

/** The companies (customers) and projects a drone may belong to, from the areas that own them. */
export interface DroneChoices {
  customers: { id: number; company_name: string }[];
  projects: { id: number; project_name: string }[];
}

interface DroneModalProps extends DroneChoices {
  /** The drone to edit; null registers a new one. */
  drone: DroneListItem | null;
  onClose: () => void;
  onSaved: (drone: DroneListItem) => void;
}

/** Register or edit a drone (super admins). Mounted while open, so every opening starts clean. */
export function DroneModal({ drone, customers, projects, onClose, onSaved }: DroneModalProps) {
  const save = useSaveDrone();
  const session = useSession();
  const [failed, setFailed] = useState(false);
  const form = useForm<DroneFormState>({ mode: 'controlled', initialValues: initialValues(drone), validate });

  const companies: Choice[] = [
    { value: String(OPERATING_COMPANY_ID), label: session.data?.companyName ?? 'Operating company' },
    ...customers.map((c) => ({ value: String(c.id), label: c.company_name })),
  ];
  if (drone?.company_id != null && !companies.some((c) => c.value === String(drone.company_id)))
    companies.push({
      value: String(drone.company_id),
      label: drone.company_name ?? `Company ${drone.company_id}`,
    });
  const projectOptions: Choice[] = projects.map((p) => ({ value: String(p.id), label: p.project_name }));
  if (drone?.project_id != null && !projectOptions.some((p) => p.value === String(drone.project_id)))
    projectOptions.push({
      value: String(drone.project_id),
      label: drone.project_name ?? `Project ${drone.project_id}`,
    });

  const submit = form.onSubmit((values) => {
    setFailed(false);
    save.mutate(
      { id: drone?.id ?? null, body: DroneSaveBody.parse(toBody(values)) },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, 'drone_serial_taken'))
            form.setFieldError('serial_number', DRONE_MESSAGES.serialTaken);
          else setFailed(true);
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={drone ? 'Edit Drone' : 'Register Drone'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Serial number" withAsterisk {...form.getInputProps('serial_number')} />
          </SimpleGrid>
          <Select
            label="Company"
            withAsterisk
            searchable
            data={companies}
            placeholder="Choose a company"
            {...form.getInputProps('company_id')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="drone-driver-label">
              Driver
            </Text>
            <SegmentedControl
              aria-labelledby="drone-driver-label"
              data={[
                { value: 'simulator', label: 'Simulator' },
                { value: 'mavlink', label: 'MAVLink (UDP)' },
              ]}
              {...form.getInputProps('driver')}
            />
          </Stack>
          {form.values.driver === 'mavlink' && (
            <TextInput
              label="Address"
              description="Where the vehicle (or its SITL) listens for MAVLink over UDP"
              placeholder="192.168.1.20:14550"
              withAsterisk
              {...form.getInputProps('address')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Home latitude"
              withAsterisk
              decimalScale={7}
              {...form.getInputProps('home_lat')}
            />
            <NumberInput
              label="Home longitude"
              withAsterisk
              decimalScale={7}
              {...form.getInputProps('home_lon')}
            />
            <NumberInput
              label="Home altitude (m)"
              withAsterisk
              decimalScale={1}
              {...form.getInputProps('home_alt')}
            />
          </SimpleGrid>
          <Select
            label="Project"
            description="The structures the simulated camera shows (none: those around home)"
            searchable
            clearable
            data={projectOptions}
            placeholder="No project"
            {...form.getInputProps('project_id')}
          />
          <FailsafeFields form={form} />
          {failed && (
            <Alert color="red" icon={<IconAlertCircle size={16} />}>
              The drone could not be saved. Try again.
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
