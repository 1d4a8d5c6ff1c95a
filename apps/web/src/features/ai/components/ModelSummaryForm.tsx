import { type AiModel, AiModelCreateBody } from '@linewalker/domain';
import { Button, Card, NumberInput, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api.ts';

interface Props {
  model: AiModel | null;
  mayEdit: boolean;
  onSave: (values: { className: string; description: string | null; holdback_pct: number }) => Promise<void>;
}

/**
 * Model Summary (spec 3 §2, §4): without a model the form is in edit mode and the button reads Create Model;
 * with one the button toggles Edit Model and Save Model.
 */
export function ModelSummaryForm({ model, mayEdit, onSave }: Props) {
  const [editing, setEditing] = useState(model === null);
  const [className, setClassName] = useState(model?.model_class_name ?? '');
  const [holdback, setHoldback] = useState<number | string>(model?.model_holdbackpercentage ?? 10);
  const [notes, setNotes] = useState(model?.model_notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!model || editing) return;
    setClassName(model.model_class_name);
    setHoldback(model.model_holdbackpercentage);
    setNotes(model.model_notes ?? '');
  }, [model, editing]);

  const submit = async () => {
    const values = { className, description: notes.trim() || null, holdback_pct: Number(holdback) };
    const parsed = AiModelCreateBody.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(parsed.data as typeof values);
      if (model) setEditing(false);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Saving failed');
    } finally {
      setSaving(false);
    }
  };

  const label = model === null ? 'Create Model' : editing ? 'Save Model' : 'Edit Model';
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} fz="h4">
          Model Summary
        </Title>
        <TextInput
          label="Class Name"
          value={className}
          onChange={(e) => setClassName(e.currentTarget.value)}
          disabled={!editing}
          error={error}
          required
        />
        <NumberInput
          label="Hold back percent"
          value={holdback}
          onChange={setHoldback}
          min={0}
          max={100}
          allowDecimal={false}
          disabled={!editing}
        />
        <Textarea
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          disabled={!editing}
          autosize
          minRows={2}
        />
        {mayEdit && (
          <Button
            loading={saving}
            onClick={() => (editing ? submit() : setEditing(true))}
            style={{ alignSelf: 'flex-start' }}
          >
            {label}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
