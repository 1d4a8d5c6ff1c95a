import type { FieldValue } from '@linewalker/domain';
import { Select, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useFieldOptions } from '../../api/getFieldOptions.ts';
import { assetFields } from './assetFields.ts';
import { CompletionFormActions } from './CompletionFormActions.tsx';
import type { CompletionFormProps } from './completionFormProps.ts';

/** Variant 3: Asset Material and Asset Type dropdowns; every one must be chosen (spec 1 §5). */
export function AssetDropdownForm({ row, canSave, mutation, onSubmit, onClose }: CompletionFormProps) {
  const fieldOptions = useFieldOptions();
  const fields = assetFields(fieldOptions.data);
  const [chosen, setChosen] = useState<Record<number, string | null>>(() =>
    Object.fromEntries(row.field_values.map((fv) => [fv.field_id, String(fv.value_id)])),
  );
  const [comments, setComments] = useState(row.comments ?? '');
  const readOnly = !canSave;
  const allChosen = fields.every((f) => chosen[f.fieldId]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!allChosen) return;
    const field_values: FieldValue[] = fields.map((f) => ({
      field_id: f.fieldId,
      value_id: Number(chosen[f.fieldId]),
    }));
    onSubmit({ data: { field_values, comments: comments.trim() || null }, component: row.component_id });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {fields.map((f, i) => (
          <Select
            key={f.fieldId}
            label={f.label}
            placeholder={readOnly ? undefined : `Choose ${f.label}`}
            data={f.options}
            value={chosen[f.fieldId] ?? null}
            onChange={(value) => setChosen((c) => ({ ...c, [f.fieldId]: value }))}
            required={!readOnly}
            readOnly={readOnly}
            allowDeselect={false}
            data-autofocus={i === 0 || undefined}
          />
        ))}
        <CompletionFormActions
          canSave={canSave}
          saveDisabled={!allChosen}
          saving={mutation.isPending}
          failed={mutation.isError}
          onClose={onClose}
          notes={{ value: comments, onChange: (e) => setComments(e.currentTarget.value) }}
        />
      </Stack>
    </form>
  );
}
