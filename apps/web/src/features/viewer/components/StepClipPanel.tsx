import { hasStepClip, STEP_CLIP_ANGLE_LIMIT, STEP_CLIP_LABELS, type StepClipBody } from '@linewalker/domain';
import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useSaveStepClip } from '../api/imageInfo.ts';

interface StepClipPanelProps {
  inspectionId: number;
  inspectionType: string | undefined;
  image: { id: number; stepclip_json: Partial<StepClipBody> | null };
  /** Staff save the angles; customers only read them. */
  canEdit: boolean;
}

const FIELDS = Object.keys(STEP_CLIP_LABELS) as Array<keyof StepClipBody>;

/**
 * The step-clip AI info panel and its 'Ai Layer' switch (spec 2 §2): only for component-level projects
 * (inspection_type 1) on photos with all four angles. The switch shows the AI's angles; staff correct and
 * save them, customers read them.
 */
export function StepClipPanel({ inspectionId, inspectionType, image, canEdit }: StepClipPanelProps) {
  const [aiLayer, setAiLayer] = useState(false);
  if (!hasStepClip(inspectionType, image.stepclip_json)) return null;
  return (
    <Paper
      data-testid="stepclip-panel"
      shadow="md"
      p="xs"
      withBorder
      style={{ position: 'absolute', top: 8, right: 8, zIndex: 6, width: 240 }}
    >
      <Switch
        label="Ai Layer"
        checked={aiLayer}
        onChange={(e) => setAiLayer(e.currentTarget.checked)}
        size="sm"
      />
      {aiLayer && (
        // Another photo starts the form afresh.
        <StepClipForm
          key={image.id}
          inspectionId={inspectionId}
          imageId={image.id}
          angles={image.stepclip_json}
          canEdit={canEdit}
        />
      )}
    </Paper>
  );
}

function StepClipForm(props: {
  inspectionId: number;
  imageId: number;
  angles: StepClipBody;
  canEdit: boolean;
}) {
  const save = useSaveStepClip(props.inspectionId);
  const [values, setValues] = useState<Record<keyof StepClipBody, number | string>>({ ...props.angles });
  const [saved, setSaved] = useState(false);
  const invalid = FIELDS.filter((k) => {
    const v = values[k];
    return typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > STEP_CLIP_ANGLE_LIMIT;
  });
  const changed = FIELDS.some((k) => values[k] !== props.angles[k]);

  return (
    <Stack gap={6} mt="xs">
      <Text size="xs" fw={600}>
        Step Clip AI Info
      </Text>
      {FIELDS.map((k) => (
        <NumberInput
          key={k}
          size="xs"
          label={STEP_CLIP_LABELS[k]}
          value={values[k]}
          readOnly={!props.canEdit}
          min={-STEP_CLIP_ANGLE_LIMIT}
          max={STEP_CLIP_ANGLE_LIMIT}
          decimalScale={4}
          suffix="°"
          error={
            props.canEdit && invalid.includes(k)
              ? `A number from -${STEP_CLIP_ANGLE_LIMIT} to ${STEP_CLIP_ANGLE_LIMIT}`
              : undefined
          }
          onChange={(v) => {
            setSaved(false);
            setValues((old) => ({ ...old, [k]: v }));
          }}
        />
      ))}
      {save.isError && (
        <Alert color="red" p={6}>
          <Text size="xs">Could not save the angles. Please try again.</Text>
        </Alert>
      )}
      {props.canEdit && (
        <Group justify="space-between">
          <Text size="xs" c="green" data-testid="stepclip-saved">
            {saved ? 'Saved' : ''}
          </Text>
          <Button
            size="compact-sm"
            disabled={invalid.length > 0 || !changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { imageId: props.imageId, angles: values as StepClipBody },
                { onSuccess: () => setSaved(true) },
              )
            }
          >
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
