import { canSaveEttAnnotation, type EttEvaluationCode, type KnuckleFlat } from '@linewalker/domain';
import { Button, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';

export interface EttAnnotationValues {
  ettAnnoEvalCodeId: number;
  ettKnuckleFlatPosId: number;
  text: string;
}

interface EttAnnotationPanelProps {
  evaluationCodes: EttEvaluationCode[];
  knuckleFlats: KnuckleFlat[];
  saving: boolean;
  error: string | null;
  onSave: (values: EttAnnotationValues) => void;
  onCancel: () => void;
}

/**
 * New annotation in ETT mode (ETT and ABB projects; spec 2 §3, §5): an evaluation code and a knuckle/flat
 * position instead of component and risk; Save once both are chosen.
 */
export function EttAnnotationPanel(props: EttAnnotationPanelProps) {
  const [code, setCode] = useState<string | null>(null);
  const [position, setPosition] = useState<string | null>(null);
  const [text, setText] = useState('');
  const codeId = code === null ? null : Number(code);
  const positionId = position === null ? null : Number(position);
  const ready = canSaveEttAnnotation({ evaluationCodeId: codeId, knuckleFlatPositionId: positionId });
  return (
    <Stack gap="sm" data-testid="new-annotation-panel">
      <Title order={5}>New Annotation</Title>
      <Select
        label="Evaluation Code"
        data={props.evaluationCodes.map((c) => ({
          value: String(c.id),
          label: `${c.code_value} · ${c.description}`,
        }))}
        value={code}
        onChange={setCode}
        searchable
        comboboxProps={{ zIndex: 400 }}
      />
      <Select
        label="Knuckle/Flat"
        data={props.knuckleFlats.map((k) => ({ value: String(k.id), label: k.name }))}
        value={position}
        onChange={setPosition}
        comboboxProps={{ zIndex: 400 }}
      />
      <Textarea
        label="Notes"
        value={text}
        maxLength={500}
        autosize
        minRows={2}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button
          disabled={!ready}
          loading={props.saving}
          onClick={() =>
            codeId !== null &&
            positionId !== null &&
            props.onSave({ ettAnnoEvalCodeId: codeId, ettKnuckleFlatPosId: positionId, text })
          }
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
