import {
  type AttributeType,
  PILOT_AVAILABILITY_LABELS,
  PILOT_FORM_AVAILABILITIES,
  type PilotAttribute,
  type PilotAvailability,
} from '@linewalker/domain';
import { Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { type KeyboardEvent, useState } from 'react';
import type { UserFormState } from './userFormValues.ts';

interface PilotDetailsFieldsProps {
  form: UseFormReturnType<UserFormState>;
  attributes: PilotAttribute[] | undefined;
}

type TagField = 'proficiencies' | 'certifications' | 'skills';

/** A tag input that adds what was typed on Enter (Mantine's own) or Tab (kept in the field to go on typing). */
function AttributeTags(props: {
  label: string;
  field: TagField;
  type: AttributeType;
  form: UseFormReturnType<UserFormState>;
  attributes: PilotAttribute[] | undefined;
}) {
  const { form, field } = props;
  const [search, setSearch] = useState('');
  const value = form.getValues()[field];
  const suggestions = (props.attributes ?? [])
    .filter((a) => a.type_name === props.type)
    .map((a) => a.att_name);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const text = search.trim();
    if (event.key !== 'Tab' || text === '') return;
    event.preventDefault();
    if (!value.some((v) => v.toLowerCase() === text.toLowerCase()))
      form.setFieldValue(field, [...value, text]);
    setSearch('');
  };
  return (
    <TagsInput
      label={props.label}
      description="Press Enter or Tab to add"
      data={suggestions}
      value={value}
      onChange={(next) => form.setFieldValue(field, next)}
      searchValue={search}
      onSearchChange={setSearch}
      onKeyDown={onKeyDown}
      maxLength={50}
      clearable
      error={form.errors[field]}
    />
  );
}

/** Step two of the Add/Edit User modal for a pilot (spec 3 §2 'Pilot details', §5 'Pilot variant'). */
export function PilotDetailsFields({ form, attributes }: PilotDetailsFieldsProps) {
  const values = form.getValues();
  const availabilities: readonly PilotAvailability[] = PILOT_FORM_AVAILABILITIES.includes(
    values.availability as (typeof PILOT_FORM_AVAILABILITIES)[number],
  )
    ? PILOT_FORM_AVAILABILITIES
    : [...PILOT_FORM_AVAILABILITIES, values.availability];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <Select
        label="Availability"
        data={availabilities.map((a) => ({ value: a, label: PILOT_AVAILABILITY_LABELS[a] }))}
        value={values.availability}
        onChange={(v) => v && form.setFieldValue('availability', v as PilotAvailability)}
        allowDeselect={false}
        data-autofocus
      />
      <DatePickerInput
        label="License Expiration"
        valueFormat="MM/DD/YYYY"
        withAsterisk
        value={values.license_expiration || null}
        onChange={(v) => form.setFieldValue('license_expiration', v ?? '')}
        error={form.errors.license_expiration}
      />
      <TextInput label="Home Base" withAsterisk maxLength={60} {...form.getInputProps('home_base')} />
      <TextInput label="Aircraft" maxLength={100} {...form.getInputProps('aircraft')} />
      <AttributeTags
        label="Proficiencies"
        field="proficiencies"
        type="prof"
        form={form}
        attributes={attributes}
      />
      <AttributeTags
        label="Certifications"
        field="certifications"
        type="cert"
        form={form}
        attributes={attributes}
      />
      <AttributeTags label="Skills" field="skills" type="skill" form={form} attributes={attributes} />
    </SimpleGrid>
  );
}
