import { TagsInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';

interface InspectionFieldsInputProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
  readOnly?: boolean;
}

/** Adds `text` as a chip unless it is empty or already there (any case). */
export function addChip(chips: readonly string[], text: string): string[] {
  const chip = text.trim();
  if (chip === '' || chips.some((c) => c.toLowerCase() === chip.toLowerCase())) return [...chips];
  return [...chips, chip];
}

/** Inspection fields entered as chips, each ended by Enter or Tab (spec 3 §2 'Customers list'). */
export function InspectionFieldsInput({ value, onChange, error, readOnly }: InspectionFieldsInputProps) {
  const [search, setSearch] = useState('');
  const accept = () => {
    onChange(addChip(value, search));
    setSearch('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Tab ends a chip like Enter; with nothing typed it moves on as usual.
    if (event.key === 'Tab' && search.trim() !== '') {
      event.preventDefault();
      accept();
    }
  };
  return (
    <TagsInput
      label="Inspection Fields"
      description={readOnly ? undefined : 'Press Enter or Tab after each field'}
      value={value}
      onChange={(next) => onChange(next.reduce<string[]>((chips, c) => addChip(chips, c), []))}
      searchValue={search}
      onSearchChange={setSearch}
      onKeyDown={onKeyDown}
      onBlur={() => search.trim() !== '' && accept()}
      maxLength={50}
      maxTags={50}
      clearable={!readOnly}
      error={error}
      disabled={readOnly}
    />
  );
}
