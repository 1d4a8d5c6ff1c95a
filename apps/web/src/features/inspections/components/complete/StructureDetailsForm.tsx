import {
  COMPLETION_LIMITS,
  INSULATOR_TYPES,
  type InspectionRow,
  type InsulatorType,
  StructureCompletionData,
} from '@linewalker/domain';
import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CompletionFormActions } from './CompletionFormActions.tsx';
import type { CompletionFormProps } from './completionFormProps.ts';

interface Values {
  strType: string;
  armType: string;
  armQty: number | string;
  anchorQty: number | string;
  guyQty: number | string;
  insulatorType: InsulatorType | null;
  condSleeveQty: number | string;
  inspector: string;
  comments: string;
}

const initialValues = (row: InspectionRow, inspectorName: string): Values => ({
  strType: row.str_type ?? '',
  armType: row.arm_type ?? '',
  armQty: row.arm_qty ?? '',
  anchorQty: row.anchor_qty ?? '',
  guyQty: row.guy_qty ?? '',
  insulatorType: row.insulator_type,
  condSleeveQty: row.cond_sleeve_qty ?? '',
  // A first completion is usually recorded by the person doing it.
  inspector: row.inspector ?? inspectorName,
  comments: row.comments ?? '',
});

/** Spec 1 §5: Save requires strType, armType, armQty, anchorQty, guyQty, condSleeveQty and inspector. */
const requiredFilled = (v: Values): boolean =>
  v.strType.trim() !== '' &&
  v.armType.trim() !== '' &&
  typeof v.armQty === 'number' &&
  typeof v.anchorQty === 'number' &&
  typeof v.guyQty === 'number' &&
  typeof v.condSleeveQty === 'number' &&
  v.inspector.trim() !== '';

/** Variant 2: the structure details (spec 1 §2), checked by the domain schema the server also uses. */
export function StructureDetailsForm({
  row,
  canSave,
  inspectorName,
  mutation,
  onSubmit,
  onClose,
}: CompletionFormProps) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(row, inspectorName),
    validate: schemaResolver(StructureCompletionData, { sync: true }),
    // A quantity beyond its limit stays as typed and says the limit at once, instead of being cut silently.
    validateInputOnChange: ['armQty', 'anchorQty', 'guyQty', 'condSleeveQty'],
  });
  const submit = form.onSubmit((values) => {
    const data = StructureCompletionData.parse({ ...values, comments: values.comments.trim() || null });
    onSubmit({ data, component: row.component_id });
  });
  const readOnly = !canSave;
  const quantity = (
    field: 'armQty' | 'anchorQty' | 'guyQty' | 'condSleeveQty',
    label: string,
    max: number,
  ) => (
    <NumberInput
      label={label}
      min={0}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      required={!readOnly}
      readOnly={readOnly}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Inspection Number"
          value={`${row.line ?? row.line_name}-${row.structure}`}
          readOnly
          variant="filled"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="STR Type"
            required={!readOnly}
            readOnly={readOnly}
            maxLength={COMPLETION_LIMITS.textMax}
            data-autofocus
            {...form.getInputProps('strType')}
          />
          <TextInput
            label="Arm Type"
            required={!readOnly}
            readOnly={readOnly}
            maxLength={COMPLETION_LIMITS.textMax}
            {...form.getInputProps('armType')}
          />
          {quantity('armQty', 'Arm Quantity', COMPLETION_LIMITS.armQtyMax)}
          {quantity('anchorQty', 'Anchor Quantity', COMPLETION_LIMITS.anchorQtyMax)}
          {quantity('guyQty', 'Guy Quantity', COMPLETION_LIMITS.guyQtyMax)}
          <Select
            label="Insulator Type"
            data={[...INSULATOR_TYPES]}
            clearable={!readOnly}
            readOnly={readOnly}
            {...form.getInputProps('insulatorType')}
          />
          {quantity('condSleeveQty', 'Conductor Sleeve Quantity', COMPLETION_LIMITS.condSleeveQtyMax)}
          <TextInput
            label="Inspector"
            required={!readOnly}
            readOnly={readOnly}
            maxLength={COMPLETION_LIMITS.textMax}
            {...form.getInputProps('inspector')}
          />
        </SimpleGrid>
        <CompletionFormActions
          canSave={canSave}
          saveDisabled={!requiredFilled(form.values)}
          saving={mutation.isPending}
          failed={mutation.isError}
          onClose={onClose}
          notes={form.getInputProps('comments')}
        />
      </Stack>
    </form>
  );
}
