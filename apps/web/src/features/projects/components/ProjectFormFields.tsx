import {
  INSPECTION_TYPE_LABELS,
  type InspectionType,
  LIMITED_PHOTO_TIER_ID,
  NO_PHOTO_LIMIT,
  PROJECT_MESSAGES,
  photoLimitOptions,
  UNSELECTED_ID,
} from '@linewalker/domain';
import { Group, Radio, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useCustomers } from '../api/getCustomers.ts';
import { useProjectTypes } from '../api/getProjectTypes.ts';
import { useTiers } from '../api/getTiers.ts';
import { BlockedCharsInput } from './BlockedCharsInput.tsx';
import type { ProjectFormState } from './projectFormValues.ts';

interface ProjectFormFieldsProps {
  form: UseFormReturnType<ProjectFormState>;
  /** Create only: the date pickers start at today (edit mode drops the date rules). */
  minDate: string | undefined;
  /** Create: the project's today and zone when they are not the user's (why the user's today is greyed out). */
  dateNote?: string | undefined;
  /** Edit of a project with structures: the server refuses a new customer or inspection type. */
  lockCustomerAndType?: boolean;
}

const LOCKED = 'Fixed once the project has structures.';

const idOrNull = (id: number): number | null => (id === UNSELECTED_ID ? null : id);
const listError = (failed: boolean, what: string) =>
  failed ? `Could not load the ${what}. Close and try again.` : null;

/** The fields of the Create/Edit Project dialog, in the order of spec 1 §2. */
export function ProjectFormFields({
  form,
  minDate,
  dateNote,
  lockCustomerAndType = false,
}: ProjectFormFieldsProps) {
  const customers = useCustomers();
  const types = useProjectTypes();
  const tiers = useTiers();
  const values = form.getValues();

  const setId = (field: 'company_id' | 'ptype_id' | 'ptier_id') => (value: number | null) =>
    form.setFieldValue(field, value ?? UNSELECTED_ID);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <Select<number>
        label="Customer"
        placeholder={customers.isPending ? 'Loading customers…' : 'Select a customer'}
        data={(customers.data ?? []).map((c) => ({ value: c.id, label: c.company_name }))}
        value={idOrNull(values.company_id)}
        onChange={setId('company_id')}
        error={form.errors.company_id ?? listError(customers.isError, 'customers')}
        searchable
        nothingFoundMessage="No customer has that name"
        withAsterisk
        disabled={lockCustomerAndType}
        description={lockCustomerAndType ? LOCKED : undefined}
        // Focused as the form opens: a list dropped open by that alone would cover the next field and take
        // the first Escape, so Escape would not reach the form. Typing, a click or Arrow Down opens it.
        openOnFocus={false}
        data-autofocus
      />
      <Select<number>
        label="Project Type"
        placeholder={types.isPending ? 'Loading project types…' : 'Select a type'}
        data={(types.data ?? []).map((t) => ({ value: t.ptype_id, label: t.ptype_name }))}
        value={idOrNull(values.ptype_id)}
        onChange={setId('ptype_id')}
        error={form.errors.ptype_id ?? listError(types.isError, 'project types')}
        withAsterisk
      />
      <BlockedCharsInput
        label="Job Name"
        withAsterisk
        maxLength={50}
        {...form.getInputProps('project_name')}
        value={values.project_name}
        onChange={(v) => form.setFieldValue('project_name', v)}
      />
      <BlockedCharsInput
        label="Closest City"
        withAsterisk
        maxLength={50}
        {...form.getInputProps('closest_city')}
        value={values.closest_city}
        onChange={(v) => form.setFieldValue('closest_city', v)}
      />
      <DatePickerInput
        label="Start Date"
        valueFormat="MM/DD/YYYY"
        withAsterisk
        minDate={minDate}
        description={dateNote}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={values.start_date || null}
        onChange={(v) => form.setFieldValue('start_date', v ?? '')}
        error={form.errors.start_date}
      />
      <DatePickerInput
        label="End Date"
        valueFormat="MM/DD/YYYY"
        withAsterisk={values.structure_assignment_type === 'dueDate'}
        minDate={minDate}
        value={values.due_date || null}
        onChange={(v) => form.setFieldValue('due_date', v)}
        error={form.errors.due_date}
      />
      <Radio.Group
        label="Inspection Type"
        value={values.inspection_type}
        onChange={(v) => form.setFieldValue('inspection_type', v as InspectionType)}
        error={form.errors.inspection_type}
        description={lockCustomerAndType ? LOCKED : undefined}
      >
        <Group gap="lg" mt={8}>
          {(Object.entries(INSPECTION_TYPE_LABELS) as [InspectionType, string][]).map(([value, label]) => (
            <Radio key={value} value={value} label={label} disabled={lockCustomerAndType} />
          ))}
        </Group>
      </Radio.Group>
      <Group grow gap="sm" align="flex-start">
        <Select<number>
          label="Photo Limit"
          data={photoLimitOptions(values.ptier_id)}
          value={values.photo_limit}
          onChange={(v) => v !== null && form.setFieldValue('photo_limit', v)}
          error={form.errors.photo_limit}
          allowDeselect={false}
        />
        <Select<number>
          label="Tier"
          placeholder={tiers.isPending ? 'Loading…' : 'Select a tier'}
          data={(tiers.data ?? []).map((t) => ({ value: t.ptier_id, label: t.name }))}
          value={idOrNull(values.ptier_id)}
          onChange={(v) => {
            setId('ptier_id')(v);
            // Say at once why No Limit just became unavailable, rather than on submit.
            if (v === LIMITED_PHOTO_TIER_ID && values.photo_limit === NO_PHOTO_LIMIT) {
              form.setFieldError('photo_limit', PROJECT_MESSAGES.noLimitForTier);
            }
          }}
          error={form.errors.ptier_id ?? listError(tiers.isError, 'tiers')}
          allowDeselect={false}
        />
      </Group>
    </SimpleGrid>
  );
}
