import {
  availabilityLabel,
  EmailField,
  noonUtc,
  PILOT_FORM_AVAILABILITIES,
  PILOT_MESSAGES,
  type PilotItem,
  PilotSaveRequest,
  USER_MESSAGES,
} from '@linewalker/domain';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMapPin } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useSavePilot } from '../api/savePilot.ts';
import { useUserByEmail } from '../api/userByEmail.ts';
import { HomeBasePicker } from './HomeBasePicker.tsx';

/** Spec 2 §9: the email lookup waits until typing has paused this long. */
export const EMAIL_LOOKUP_DEBOUNCE_MS = 500;

interface FormState {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  availability: string;
  license_expiration: string;
  home_base: string;
  aircraft: string;
  proficiencies: string[];
  certifications: string[];
  skills: string[];
}

const initial = (p?: PilotItem): FormState => ({
  first_name: p?.first_name ?? '',
  last_name: p?.last_name ?? '',
  email: p?.email ?? '',
  phone: p?.phone ?? '',
  availability: p?.availability ?? 'available',
  license_expiration: p?.license_expiration ?? '',
  home_base: p?.home_base ?? '',
  aircraft: p?.aircraft ?? '',
  proficiencies: p?.proficiencies ?? [],
  certifications: p?.certifications ?? [],
  skills: p?.skills ?? [],
});

const payload = (v: FormState, picked: { latitude: number; longitude: number } | null): PilotSaveRequest => ({
  ...v,
  availability: v.availability as PilotSaveRequest['availability'] & string,
  license_expiration: v.license_expiration ? noonUtc(v.license_expiration) : '',
  aircraft: v.aircraft.trim() || null,
  latitude: picked?.latitude ?? null,
  longitude: picked?.longitude ?? null,
});

const resolver = schemaResolver(PilotSaveRequest, { sync: true });

/** A tag input that adds on Enter (Mantine's own) or Tab (spec 2 §9). */
function Tags(props: { label: string; value: string[]; onChange: (v: string[]) => void }) {
  const [search, setSearch] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const text = search.trim();
    if (event.key !== 'Tab' || text === '') return;
    event.preventDefault();
    if (!props.value.some((v) => v.toLowerCase() === text.toLowerCase()))
      props.onChange([...props.value, text]);
    setSearch('');
  };
  return (
    <TagsInput
      label={props.label}
      description="Press Enter or Tab to add"
      value={props.value}
      onChange={props.onChange}
      searchValue={search}
      onSearchChange={setSearch}
      onKeyDown={onKeyDown}
      maxLength={50}
      clearable
    />
  );
}

/**
 * The pilot form (spec 2 §5): a known email (looked up 500 ms after typing stops) prefills the pilot and
 * makes name and phone read-only; a new email unlocks them. A home base the server cannot place is picked
 * on the map.
 */
export function PilotDialog({ pilot, onClose }: { pilot?: PilotItem; onClose: () => void }) {
  const form = useForm<FormState>({ initialValues: initial(pilot), validate: resolver });
  const values = form.getValues();
  const save = useSavePilot();
  const [picked, setPicked] = useState<{ latitude: number; longitude: number } | null>(null);
  const [showPicker, setShowPicker] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const [debouncedEmail] = useDebouncedValue(values.email.trim(), EMAIL_LOOKUP_DEBOUNCE_MS);
  const lookupEmail = !pilot && EmailField.safeParse(debouncedEmail).success ? debouncedEmail : null;
  const lookup = useUserByEmail(lookupEmail);
  const known = pilot ? true : (lookup.data?.user ?? null) !== null && lookupEmail === values.email.trim();
  const knownUser = lookup.data?.user ?? null;

  // A known email prefills the pilot (once per user found); the failure of the lookup is only logged.
  const prefilledFor = useRef<number | null>(null);
  useEffect(() => {
    if (pilot || !knownUser || prefilledFor.current === knownUser.id) return;
    prefilledFor.current = knownUser.id;
    const p = knownUser.pilot;
    form.setValues({
      first_name: knownUser.first_name,
      last_name: knownUser.last_name,
      phone: knownUser.phone ?? '',
      ...(p && p.pilot_deleted_date === null
        ? {
            availability: p.availability,
            license_expiration: p.license_expiration ?? '',
            home_base: p.home_base ?? '',
            aircraft: p.aircraft ?? '',
            proficiencies: p.proficiencies,
            certifications: p.certifications,
            skills: p.skills,
          }
        : {}),
    });
  }, [pilot, knownUser, form]);
  useEffect(() => {
    if (lookup.error) console.warn('Email lookup failed:', lookup.error);
  }, [lookup.error]);

  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      await save.mutateAsync(payload(v, picked));
      notifications.show({ color: 'teal', message: `Pilot ${v.first_name} ${v.last_name} saved` });
      onClose();
    } catch (err) {
      if (isApiError(err, 'home_base_not_found')) {
        form.setFieldError('home_base', PILOT_MESSAGES.homeBaseNotFound);
        setShowPicker(true);
      } else if (isApiError(err) && err.issues.length > 0) {
        for (const issue of err.issues) form.setFieldError(issue.path.replace(/^body\./, ''), issue.message);
      } else {
        setFailure(isApiError(err) ? err.message : USER_MESSAGES.saveFailed);
      }
    }
  });

  const availabilities: string[] = (PILOT_FORM_AVAILABILITIES as readonly string[]).includes(
    values.availability,
  )
    ? [...PILOT_FORM_AVAILABILITIES]
    : [...PILOT_FORM_AVAILABILITIES, values.availability];

  return (
    <Modal opened onClose={onClose} title={pilot ? 'Edit Pilot' : 'Add New Pilot'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            required
            readOnly={!!pilot}
            data-autofocus
            {...form.getInputProps('email')}
            description={
              known && !pilot ? 'A known user: name and phone come from their account.' : undefined
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="First Name" required readOnly={known} {...form.getInputProps('first_name')} />
            <TextInput label="Last Name" required readOnly={known} {...form.getInputProps('last_name')} />
            <TextInput label="Phone" required readOnly={known} {...form.getInputProps('phone')} />
            <Select
              label="Availability"
              data={availabilities.map((a) => ({ value: a, label: availabilityLabel(a) }))}
              value={values.availability}
              onChange={(v) => v && form.setFieldValue('availability', v)}
              allowDeselect={false}
            />
            <DatePickerInput
              label="License Expiration"
              required
              valueFormat="MM/DD/YYYY"
              value={values.license_expiration || null}
              onChange={(v) => form.setFieldValue('license_expiration', v ?? '')}
              error={form.errors.license_expiration}
              clearable
            />
            <TextInput label="Aircraft" {...form.getInputProps('aircraft')} />
          </SimpleGrid>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Home Base"
              required
              description="A US city and state ('Denver, CO') or a ZIP code"
              style={{ flex: 1 }}
              {...form.getInputProps('home_base')}
              onChange={(e) => {
                form.setFieldValue('home_base', e.currentTarget.value);
                setPicked(null);
              }}
            />
            <Button
              variant="default"
              leftSection={<IconMapPin size={16} />}
              onClick={() => setShowPicker((s) => !s)}
            >
              Pick on map
            </Button>
          </Group>
          {showPicker && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {picked
                  ? `Picked ${picked.latitude.toFixed(4)}, ${picked.longitude.toFixed(4)}`
                  : 'Click the map where the home base is.'}
              </Text>
              <HomeBasePicker value={picked} onPick={setPicked} />
            </Stack>
          )}
          <Tags
            label="Proficiencies"
            value={values.proficiencies}
            onChange={(v) => form.setFieldValue('proficiencies', v)}
          />
          <Tags
            label="Certifications"
            value={values.certifications}
            onChange={(v) => form.setFieldValue('certifications', v)}
          />
          <Tags label="Skills" value={values.skills} onChange={(v) => form.setFieldValue('skills', v)} />
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={16} />}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
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
