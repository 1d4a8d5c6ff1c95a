import type { AiPhotoPatch, InspectionImage } from '@linewalker/domain';
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import type { AiMode } from '../hooks/useAiMode.ts';
import type { DrawnShape } from '../model/viewerTypes.ts';

interface NewPatchProps {
  ai: AiMode;
  image: InspectionImage;
  shape: DrawnShape;
  onDone: () => void;
}

/**
 * A shape drawn in AI mode with a model chosen: saved as a patch of that model (spec 2 §5: in AI mode Save
 * is always enabled, no component needed). Enter outside the notes confirms; Escape (the viewer's keys)
 * drops the shape.
 */
function NewPatch({ ai, image, shape, onDone }: NewPatchProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = ai.patchMutations.create;
  const modelName = ai.models?.find((m) => m.id === ai.modelId)?.model_class_name ?? 'the model';
  const save = () => {
    if (ai.modelId === null || create.isPending) return;
    setError(null);
    create.mutate(
      {
        modelId: ai.modelId,
        shape:
          shape.kind === 'rectangle'
            ? { rectangle: { x: shape.x, y: shape.y, width: shape.width, height: shape.height } }
            : { polygon: shape.points },
        text: text.trim() || null,
        imageWidth: image.width ?? 1,
        imageHeight: image.height ?? 1,
      },
      { onSuccess: onDone, onError: () => setError('The patch could not be saved. Try again.') },
    );
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter') return;
      if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
      e.preventDefault();
      save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <Stack gap="sm" data-testid="new-ai-patch">
      <Title order={5}>New AI Patch</Title>
      <Text size="sm" c="dimmed">
        A training patch of {modelName} on this photo.
      </Text>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxLength={500}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={save} loading={create.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** One model chosen: the note says most (the model is the picker's); all models: the model first. */
const patchLabel = (p: AiPhotoPatch, oneModel: boolean): string =>
  oneModel ? p.note || 'No notes' : `${p.model_class_name}${p.note ? ` · ${p.note}` : ''}`;

interface AiPatchSectionProps {
  ai: AiMode;
  image: InspectionImage;
  pending: DrawnShape | null;
  onPendingDone: () => void;
  canDelete: boolean;
}

/** The AI mode's patches of the photo (of the chosen model, or all), a new one's form, Delete per patch. */
export function AiPatchSection({ ai, image, pending, onPendingDone, canDelete }: AiPatchSectionProps) {
  const [error, setError] = useState<string | null>(null);
  const remove = ai.patchMutations.remove;
  if (pending && ai.canDraw) return <NewPatch ai={ai} image={image} shape={pending} onDone={onPendingDone} />;
  const patches: AiPhotoPatch[] = ai.patches;
  return (
    <Stack gap={4} data-testid="ai-patches">
      <Title order={6}>Patches ({formatCount(patches.length)})</Title>
      {patches.length === 0 && (
        <Text size="sm" c="dimmed">
          {ai.canDraw
            ? 'No patches on this photo for this model. Draw a rectangle or polygon to add one.'
            : 'No patches on this photo. Pick a model to draw patches for it.'}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {patches.map((p, i) => (
          <li key={p.id} data-testid="ai-patch-row">
            <Group gap={4} wrap="nowrap">
              <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate title={p.note ?? undefined}>
                {i + 1}. {patchLabel(p, ai.modelId !== null)}
              </Text>
              {canDelete && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  disabled={remove.isPending}
                  aria-label={`Delete patch ${i + 1}`}
                  onClick={() => {
                    setError(null);
                    remove.mutate(p.id, {
                      onError: () => setError('The patch could not be deleted. Try again.'),
                    });
                  }}
                >
                  Delete
                </Button>
              )}
            </Group>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
