import {
  AlertRuleSet,
  type AlertRuleSetValue,
  can,
  DEFAULT_RULE_SETS,
  isCustomer,
  STRUCTURE_CLASS_LABELS,
  STRUCTURE_CLASSES,
  type StructureClass,
} from '@linewalker/domain';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { QueryError } from '../../../components/QueryError.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import {
  useAlertCompanies,
  useAlertRules,
  useAlertSubscription,
  useSaveAlertRules,
  useSaveAlertSubscription,
} from '../api/alerts.ts';

type Draft = Record<StructureClass, AlertRuleSetValue>;
type Section = 'tilt' | 'vibration' | 'offline';

interface FieldSpec {
  section: Section;
  key: string;
  label: string;
  unit: string;
  step: number;
}
const FIELDS: FieldSpec[] = [
  { section: 'tilt', key: 'warning_deg', label: 'Tilt warning (risk 2)', unit: '°', step: 0.5 },
  { section: 'tilt', key: 'alarm_deg', label: 'Tilt alarm (risk 3)', unit: '°', step: 0.5 },
  { section: 'tilt', key: 'hysteresis_deg', label: 'Tilt hysteresis', unit: '°', step: 0.1 },
  { section: 'tilt', key: 'hold_seconds', label: 'Tilt hold', unit: 's', step: 1 },
  { section: 'vibration', key: 'warning_g', label: 'Vibration warning (risk 2)', unit: 'g', step: 0.1 },
  { section: 'vibration', key: 'alarm_g', label: 'Vibration alarm (risk 3)', unit: 'g', step: 0.1 },
  { section: 'vibration', key: 'hysteresis_g', label: 'Vibration hysteresis', unit: 'g', step: 0.05 },
  { section: 'vibration', key: 'hold_seconds', label: 'Vibration hold', unit: 's', step: 1 },
  { section: 'offline', key: 'after_seconds', label: 'Offline after', unit: 's', step: 60 },
];

/** The first problem of each field of a class ("tilt.alarm_deg" → message), from the shared schema. */
function problems(set: AlertRuleSetValue): Map<string, string> {
  const out = new Map<string, string>();
  const parsed = AlertRuleSet.safeParse(set);
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!out.has(path)) out.set(path, issue.message);
  }
  return out;
}

function RuleFields({
  set,
  disabled,
  onChange,
}: {
  set: AlertRuleSetValue;
  disabled: boolean;
  onChange: (set: AlertRuleSetValue) => void;
}) {
  const errors = problems(set);
  const put = (section: Section, key: string, value: unknown) =>
    onChange({ ...set, [section]: { ...set[section], [key]: value } });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map((f) => {
          const value = (set[f.section] as Record<string, unknown>)[f.key];
          return (
            <NumberInput
              key={`${f.section}.${f.key}`}
              label={f.label}
              rightSection={<Text size="xs">{f.unit}</Text>}
              value={typeof value === 'number' ? value : ''}
              step={f.step}
              decimalScale={f.unit === 's' ? 0 : 2}
              disabled={disabled}
              error={errors.get(`${f.section}.${f.key}`)}
              // An emptied field is sent as nothing, so the schema names it.
              onChange={(v) => put(f.section, f.key, typeof v === 'number' ? v : undefined)}
            />
          );
        })}
        <Select
          label="Offline risk level"
          data={['1', '2', '3']}
          value={String(set.offline.level)}
          allowDeselect={false}
          disabled={disabled}
          onChange={(v) => v && put('offline', 'level', Number(v))}
        />
      </SimpleGrid>
    </Stack>
  );
}

interface EditAlertsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Edit Alerts (issue 20): the company's alert rules per structure class, checked with the same schema the
 * server applies (a message under each bad field; Save is refused until they are fixed). Customers edit
 * their own company's rules and choose whether they are e-mailed; super admins and project managers pick
 * the company; the other staff roles see the rules read-only.
 */
export function EditAlertsDialog({ opened, onClose }: EditAlertsDialogProps) {
  const session = useSession().data;
  const customer = session ? isCustomer(session) : false;
  const mayEdit = session ? can(session, 'sensor.alerts.edit') : false;
  const [companyId, setCompanyId] = useState<number | null>(null);
  const companies = useAlertCompanies(opened && !customer);
  const ready = opened && (customer || companyId !== null);
  const rules = useAlertRules(customer ? null : companyId, ready);
  const subscription = useAlertSubscription(opened && customer);
  const save = useSaveAlertRules(customer ? null : companyId);
  const saveSubscription = useSaveAlertSubscription();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [byEmail, setByEmail] = useState<boolean | null>(null);
  const [bySms, setBySms] = useState<boolean | null>(null);
  const [tab, setTab] = useState<StructureClass>('distribution');

  const loaded: Draft | null = rules.data
    ? (Object.fromEntries(
        rules.data.rules.map(({ customized: _c, updated_at: _u, ...set }) => [set.structure_class, set]),
      ) as Draft)
    : null;
  const current = draft ?? loaded;
  const invalid = current ? STRUCTURE_CLASSES.filter((c) => problems(current[c]).size > 0) : [];
  const wantsMail = byEmail ?? subscription.data?.email ?? false;
  const hasPhone = subscription.data?.has_phone ?? false;
  const wantsSms = (bySms ?? subscription.data?.sms ?? false) && hasPhone;

  const close = () => {
    setDraft(null);
    setByEmail(null);
    setBySms(null);
    save.reset();
    onClose();
  };
  const submit = async () => {
    if (!current || invalid.length > 0) return;
    try {
      if (mayEdit) await save.mutateAsync(STRUCTURE_CLASSES.map((c) => current[c]));
      if (customer && (byEmail !== null || bySms !== null))
        await saveSubscription.mutateAsync({ email: wantsMail, sms: wantsSms });
      close();
    } catch {
      // The error is shown from the mutation's state.
    }
  };
  const failure = save.error ?? saveSubscription.error;

  let body = (
    <Center py="lg">
      <Loader aria-label="Loading alert rules" />
    </Center>
  );
  if (!customer && companyId === null)
    body = <Text c="dimmed">Choose the company whose alert rules to edit.</Text>;
  else if (rules.isError) body = <QueryError error={rules.error} onRetry={() => rules.refetch()} />;
  else if (current) {
    body = (
      <Tabs value={tab} onChange={(v) => v && setTab(v as StructureClass)} keepMounted={false}>
        <Tabs.List>
          {STRUCTURE_CLASSES.map((c) => (
            <Tabs.Tab key={c} value={c} color={invalid.includes(c) ? 'red' : undefined}>
              {STRUCTURE_CLASS_LABELS[c]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STRUCTURE_CLASSES.map((c) => (
          <Tabs.Panel key={c} value={c} pt="md">
            <Stack gap="sm">
              <RuleFields
                set={current[c]}
                disabled={!mayEdit}
                onChange={(set) => setDraft({ ...current, [c]: set })}
              />
              {mayEdit && (
                <Group>
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => setDraft({ ...current, [c]: DEFAULT_RULE_SETS[c] })}
                  >
                    Restore the defaults
                  </Button>
                </Group>
              )}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title="Edit Alerts" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            An alert is raised when a value stays above a threshold for its hold time, and clears when it
            falls below the threshold minus the hysteresis. Tilt thresholds stay below 20°: a 20° lean is an
            emergency on any scale.
          </Text>
          {!customer && (
            <Select
              label="Company"
              placeholder="Choose a company"
              searchable
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.company_name }))}
              value={companyId === null ? null : String(companyId)}
              onChange={(v) => {
                setCompanyId(v ? Number(v) : null);
                setDraft(null);
              }}
            />
          )}
          {!mayEdit && (
            <Alert color="gray">Only customers, super admins and project managers change alert rules.</Alert>
          )}
          {body}
          {customer && (
            <Checkbox
              label="E-mail me when an alert is raised"
              checked={wantsMail}
              onChange={(e) => setByEmail(e.currentTarget.checked)}
            />
          )}
          {customer && (
            <Checkbox
              label="Text me when an alert is raised"
              description={hasPhone ? undefined : 'Add a phone number to your profile to get text messages.'}
              disabled={!hasPhone}
              checked={wantsSms}
              onChange={(e) => setBySms(e.currentTarget.checked)}
            />
          )}
          {invalid.length > 0 && (
            <Text size="sm" c="red" role="alert">
              Fix the rules of {invalid.map((c) => STRUCTURE_CLASS_LABELS[c]).join(', ')} before saving.
            </Text>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure instanceof ApiRequestError ? failure.message : 'Saving the alert rules failed.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={save.isPending || saveSubscription.isPending}
              disabled={!current || invalid.length > 0 || (!mayEdit && !customer)}
            >
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
