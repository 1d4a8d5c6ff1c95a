import type { AiMarkup, AiModel, CategoriesResponse } from '@linewalker/domain';
import {
  Box,
  Button,
  Divider,
  Group,
  Loader,
  Select,
  Slider,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import type { useMarkupReview } from '../api/aiMarkups.ts';
import { type AiModelChoice, openAbove, scoreLabel } from '../model/aiMarkups.ts';
import { NewAnnotationPanel, type NewAnnotationValues } from './NewAnnotationPanel.tsx';

/** Rows the list draws at once; the layer still shows every markup above the slider. */
const LIST_MAX = 200;

interface AiMarkupPanelProps {
  imageId: number;
  markups: readonly AiMarkup[] | undefined;
  loading: boolean;
  minScore: number;
  onMinScore: (score: number) => void;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  categories: CategoriesResponse | undefined;
  canAddCategory: boolean;
  review: ReturnType<typeof useMarkupReview>;
  /** The model choice (spec 2 §7 'AI: all models, one model'): kept by the viewer across photos. */
  models: readonly AiModel[] | undefined;
  modelId: AiModelChoice;
  onModel: (id: AiModelChoice) => void;
  /** The photo's drawn patches and a new one's form. */
  children?: ReactNode;
}

const ALL = 'all';

/** Model: All models, or one (by class name). */
function ModelPicker(props: Pick<AiMarkupPanelProps, 'models' | 'modelId' | 'onModel'>) {
  return (
    <Select
      label="Model"
      size="xs"
      allowDeselect={false}
      searchable
      nothingFoundMessage="No model matches"
      data={[
        { value: ALL, label: 'All models' },
        ...(props.models ?? []).map((m) => ({ value: String(m.id), label: m.model_class_name })),
      ]}
      value={props.modelId === null ? ALL : String(props.modelId)}
      onChange={(v) => props.onModel(v === null || v === ALL ? null : Number(v))}
      comboboxProps={{ zIndex: 400 }}
      data-testid="ai-model-picker"
    />
  );
}

type Accepting = { kind: 'one'; markup: AiMarkup } | { kind: 'all' } | null;

/**
 * The AI mode's side bar (spec 2 §2 'AI markup', issue 22): the photo's open markups above the score
 * slider, each accepted (the reviewer picks the component and risk in the annotation form) or dismissed, or
 * all of them above the slider at once.
 */
export function AiMarkupPanel({ markups, review, ...props }: AiMarkupPanelProps) {
  const [accepting, setAccepting] = useState<Accepting>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = openAbove(markups ?? [], props.minScore);
  const open = (markups ?? []).filter((m) => m.status === 'open').length;
  const reviewed = (markups ?? []).length - open;
  const busy = review.accept.isPending || review.dismiss.isPending || review.reviewAll.isPending;
  const failed = () => setError('The markup could not be saved. Try again.');

  if (accepting) {
    const onSave = (v: NewAnnotationValues) => {
      setError(null);
      const values = { ...v, text: v.text || null };
      const done = { onSuccess: () => setAccepting(null), onError: failed };
      if (accepting.kind === 'one') review.accept.mutate({ id: accepting.markup.id, ...values }, done);
      else
        review.reviewAll.mutate(
          {
            imageId: props.imageId,
            minScore: props.minScore,
            modelId: props.modelId,
            action: 'accept',
            ...values,
          },
          done,
        );
    };
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {accepting.kind === 'one'
            ? `Accept ${accepting.markup.model_class_name} (${scoreLabel(accepting.markup.score)}) as an annotation`
            : `Accept ${formatCount(shown.length)} markups at or above ${scoreLabel(props.minScore)} as annotations`}
        </Text>
        <NewAnnotationPanel
          categories={props.categories}
          canAddCategory={props.canAddCategory}
          saving={busy}
          error={error}
          onSave={onSave}
          onCancel={() => setAccepting(null)}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm" data-testid="ai-markup-panel">
      <ModelPicker models={props.models} modelId={props.modelId} onModel={props.onModel} />
      {props.children}
      <Divider />
      <Title order={5}>AI Markups</Title>
      {props.loading ? (
        <Loader size="sm" aria-label="Loading AI markups" />
      ) : (
        <Text size="sm" c="dimmed">
          {formatCount(open)} open{reviewed > 0 ? `, ${formatCount(reviewed)} reviewed` : ''} ·{' '}
          {formatCount(shown.length)} at or above the slider
        </Text>
      )}
      <Group gap="xs" grow>
        <Button
          size="xs"
          disabled={shown.length === 0 || busy}
          onClick={() => {
            setError(null);
            setAccepting({ kind: 'all' });
          }}
        >
          Accept all ({formatCount(shown.length)})
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={shown.length === 0 || busy}
          loading={review.reviewAll.isPending}
          onClick={() => {
            setError(null);
            review.reviewAll.mutate(
              { imageId: props.imageId, minScore: props.minScore, modelId: props.modelId, action: 'dismiss' },
              { onError: failed },
            );
          }}
        >
          Dismiss all ({formatCount(shown.length)})
        </Button>
      </Group>
      <div>
        <Text size="sm" id="ai-score-label">
          Minimum score: {scoreLabel(props.minScore)}
        </Text>
        <Slider
          min={0}
          max={1}
          step={0.05}
          value={props.minScore}
          onChange={props.onMinScore}
          label={scoreLabel}
          thumbProps={{ 'aria-labelledby': 'ai-score-label' }}
        />
      </div>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {!props.loading && shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {open === 0
            ? 'No open AI markups on this photo.'
            : 'No open markups at or above this score. Lower the slider to see weaker ones.'}
        </Text>
      ) : (
        <Box style={{ overflowY: 'auto', maxHeight: 'calc(100vh - 380px)' }}>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.slice(0, LIST_MAX).map((m) => (
              <li key={m.id} data-testid="ai-markup-row">
                <Group
                  gap={4}
                  wrap="nowrap"
                  p={4}
                  style={{
                    borderRadius: 4,
                    background: m.id === props.selectedId ? 'var(--mantine-color-violet-light)' : undefined,
                  }}
                >
                  <UnstyledButton
                    style={{ flex: 1, minWidth: 0 }}
                    onClick={() => props.onSelect(m.id === props.selectedId ? null : m.id)}
                    aria-pressed={m.id === props.selectedId}
                  >
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                        {scoreLabel(m.score)}
                      </Text>
                      <Text size="sm" truncate title={m.model_class_name}>
                        {m.model_class_name}
                      </Text>
                    </Group>
                  </UnstyledButton>
                  <Button
                    size="compact-xs"
                    variant="light"
                    disabled={busy}
                    onClick={() => {
                      setError(null);
                      setAccepting({ kind: 'one', markup: m });
                    }}
                    aria-label={`Accept ${m.model_class_name} ${scoreLabel(m.score)}`}
                  >
                    Accept
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    disabled={busy}
                    onClick={() => {
                      setError(null);
                      review.dismiss.mutate(m.id, { onError: failed });
                    }}
                    aria-label={`Dismiss ${m.model_class_name} ${scoreLabel(m.score)}`}
                  >
                    Dismiss
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
          {shown.length > LIST_MAX && (
            <Text size="xs" c="dimmed" mt={4}>
              The first {LIST_MAX} of {formatCount(shown.length)} are listed; raise the slider to narrow them.
            </Text>
          )}
        </Box>
      )}
    </Stack>
  );
}
