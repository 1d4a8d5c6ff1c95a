import {
  CONDITION_LIMITS,
  ConditionCompletionData,
  CRACK_DETECTED_CHOICES,
  type InspectionRow,
  REPLACEMENT_PRIORITIES,
} from '@linewalker/domain';
import { Group, NumberInput, Radio, SimpleGrid, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CompletionFormActions } from './CompletionFormActions.tsx';
import type { CompletionFormProps } from './completionFormProps.ts';

interface Values {
  replacementPriority: string | null;
  crackDetected: string | null;
  bendAngle: number | string;
  bendRadius: number | string;
  comments: string;
}

const initialValues = (row: InspectionRow): Values => ({
  replacementPriority: row.condition?.replacement_priority ?? null,
  crackDetected: row.condition?.crack_detected ?? null,
  bendAngle: row.condition?.bend_angle ?? '',
  bendRadius: row.condition?.bend_radius ?? '',
  comments: row.comments ?? '',
});

/** An empty number box means 'not measured'. */
const measured = (value: number | string): number | null => (typeof value === 'number' ? value : null);

const toData = (v: Values) => ({
  ...v,
  bendAngle: measured(v.bendAngle),
  bendRadius: measured(v.bendRadius),
  comments: v.comments.trim() || null,
});

const validate = schemaResolver(ConditionCompletionData, { sync: true });

/**
 * Variant 1, the condition form of arm and flange surveys: Replacement Priority, Crack Detected, bend
 * angle and radius, Notes. The spec shows it as a mock-up; here it saves like the other variants.
 */
export function ConditionForm({ row, canSave, mutation, onSubmit, onClose }: CompletionFormProps) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(row),
    validate: (values) => validate(toData(values)),
    // A measurement beyond its limit stays as typed and says the limit at once.
    validateInputOnChange: ['bendAngle', 'bendRadius'],
  });
  const submit = form.onSubmit((values) => {
    onSubmit({ data: ConditionCompletionData.parse(toData(values)), component: row.component_id });
  });
  const readOnly = !canSave;
  const choice = (
    field: 'replacementPriority' | 'crackDetected',
    label: string,
    options: readonly string[],
  ) => (
    <Radio.Group label={label} required={!readOnly} readOnly={readOnly} {...form.getInputProps(field)}>
      <Group gap="lg" mt={6}>
        {options.map((o) => (
          <Radio key={o} value={o} label={o} disabled={readOnly && form.values[field] !== o} />
        ))}
      </Group>
    </Radio.Group>
  );

  const measurement = (field: 'bendAngle' | 'bendRadius', label: string, max: number, suffix?: string) => (
    <NumberInput
      label={label}
      suffix={suffix}
      min={0}
      max={max}
      decimalScale={1}
      allowNegative={false}
      clampBehavior="none"
      readOnly={readOnly}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {choice('replacementPriority', 'Replacement Priority', REPLACEMENT_PRIORITIES)}
        {choice('crackDetected', 'Crack Detected', CRACK_DETECTED_CHOICES)}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {measurement('bendAngle', 'Bend Angle', CONDITION_LIMITS.bendAngleMax, '°')}
          {measurement('bendRadius', 'Bend Radius', CONDITION_LIMITS.bendRadiusMax)}
        </SimpleGrid>
        <CompletionFormActions
          canSave={canSave}
          saveDisabled={!form.values.replacementPriority || !form.values.crackDetected}
          saving={mutation.isPending}
          failed={mutation.isError}
          onClose={onClose}
          notes={form.getInputProps('comments')}
        />
      </Stack>
    </form>
  );
}
