import {
  ANNOTATION_RISK_LEVELS,
  type CategoriesResponse,
  canSaveAnnotation,
  DEFAULT_ANNOTATION_RISK,
  riskInfo,
} from '@linewalker/domain';
import {
  Anchor,
  Button,
  Group,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AddCategoryModal } from './AddCategoryModal.tsx';

export interface NewAnnotationValues {
  category: number;
  sub_category: number | null;
  risk_level: number;
  text: string;
}

interface NewAnnotationPanelProps {
  categories: CategoriesResponse | undefined;
  canAddCategory: boolean;
  saving: boolean;
  error: string | null;
  onSave: (values: NewAnnotationValues) => void;
  onCancel: () => void;
}

/** What each risk level means, for the guideline (spec 2 §2 'Risk Level … with a guideline link'). */
const GUIDELINE: Record<number, string> = {
  2: 'Minor: no action needed now; review at the next inspection cycle.',
  3: 'Significant: plan a repair within the maintenance schedule.',
  4: 'Urgent: not serviceable as it is; repair soon.',
  5: 'Major: act at once.',
};

/**
 * New annotation (spec 2 §2, §5): Component and, when it has any, Deficiency (both with a text filter), Risk
 * Level 2–5 (default 2) with the guideline, Notes. Save needs a component and a risk above 1; Enter saves,
 * Escape cancels.
 */
export function NewAnnotationPanel(props: NewAnnotationPanelProps) {
  const [component, setComponent] = useState<string | null>(null);
  const [deficiency, setDeficiency] = useState<string | null>(null);
  const [risk, setRisk] = useState(DEFAULT_ANNOTATION_RISK);
  const [text, setText] = useState('');
  const [adding, setAdding] = useState<'component' | 'deficiency' | null>(null);
  const componentId = component === null ? null : Number(component);
  const subCategories = useMemo(
    () => props.categories?.subCategories.filter((d) => d.category_id === componentId) ?? [],
    [props.categories, componentId],
  );
  const canSave = canSaveAnnotation({ componentId, riskLevel: risk }) && !props.saving;
  const save = () => {
    if (!canSave || componentId === null) return;
    props.onSave({
      category: componentId,
      sub_category: deficiency === null ? null : Number(deficiency),
      risk_level: risk,
      text: text.trim(),
    });
  };
  const panelRef = useRef<HTMLDivElement>(null);
  // Enter confirms the markup (spec 2 §2), also from this panel's own fields once a choice is made there: the
  // Component field keeps the focus after its choice. Not while a list is open (Enter picks an option, and the
  // list marks it handled), not in the notes (a new line), not from fields elsewhere in the viewer.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || adding || e.defaultPrevented) return;
      const target = e.target;
      if (target instanceof HTMLTextAreaElement) return;
      if (target instanceof HTMLInputElement) {
        if (!panelRef.current?.contains(target) || target.getAttribute('aria-expanded') === 'true') return;
      }
      e.preventDefault();
      save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Stack ref={panelRef} gap="sm" data-testid="new-annotation-panel">
      <Title order={5}>New Annotation</Title>
      <Select
        label="Component"
        placeholder="Choose a component"
        searchable
        nothingFoundMessage="No component matches"
        data={(props.categories?.categories ?? []).map((c) => ({
          value: String(c.id),
          label: c.display_text,
        }))}
        value={component}
        onChange={(v) => {
          setComponent(v);
          setDeficiency(null);
        }}
        comboboxProps={{ zIndex: 400 }}
      />
      {props.canAddCategory && (
        <Anchor component="button" type="button" size="xs" onClick={() => setAdding('component')}>
          Add New Component
        </Anchor>
      )}
      {subCategories.length > 0 && (
        <Select
          label="Deficiency"
          placeholder="Choose a deficiency"
          searchable
          clearable
          nothingFoundMessage="No deficiency matches"
          data={subCategories.map((d) => ({ value: String(d.id), label: d.sub_category_text }))}
          value={deficiency}
          onChange={setDeficiency}
          comboboxProps={{ zIndex: 400 }}
        />
      )}
      {props.canAddCategory && componentId !== null && (
        <Anchor component="button" type="button" size="xs" onClick={() => setAdding('deficiency')}>
          Add New Deficiency
        </Anchor>
      )}
      <div>
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={500} id="risk-level-label">
            Risk Level
          </Text>
          <Popover width={280} position="left" withArrow zIndex={400}>
            <Popover.Target>
              <Anchor component="button" type="button" size="xs">
                Guideline
              </Anchor>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap={6}>
                {ANNOTATION_RISK_LEVELS.map((l) => (
                  <Text key={l} size="xs">
                    <Text span fw={700} c={riskInfo(l).color}>
                      {l}
                    </Text>{' '}
                    {GUIDELINE[l]}
                  </Text>
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        </Group>
        <SegmentedControl
          fullWidth
          aria-labelledby="risk-level-label"
          data={ANNOTATION_RISK_LEVELS.map((l) => ({ value: String(l), label: String(l) }))}
          value={String(risk)}
          onChange={(v) => setRisk(Number(v))}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {riskInfo(risk).label}
        </Text>
      </div>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxLength={500}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {props.error && (
        <Text size="sm" c="red">
          {props.error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button onClick={save} disabled={!canSave} loading={props.saving}>
          Save
        </Button>
      </Group>
      <AddCategoryModal
        kind={adding}
        componentId={componentId}
        onClose={() => setAdding(null)}
        onAdded={(kind, id) => {
          if (kind === 'component') {
            setComponent(String(id));
            setDeficiency(null);
          } else setDeficiency(String(id));
        }}
      />
    </Stack>
  );
}
