import { NO_SHOT_IDENTIFIER } from '@linewalker/domain';
import { Select, Text, Tooltip } from '@mantine/core';
import { useImageIdentifiers, useImageToIdentifiers, useUpdateIdentifier } from '../api/imageInfo.ts';

interface ShotIdentifierSelectProps {
  inspectionId: number;
  imageId: number;
  /** Non-customer staff choose the shot type; customers only read it (spec 2 §6), shown as text. */
  canEdit: boolean;
}

const NONE_LABEL = 'No Shot Type';

/**
 * The photo's shot identifier (spec 2 §3 'Image shot identifier'; default -1, none): a selector for staff;
 * for a customer, who only reads it (spec 2 §6), the chosen type as text, and nothing when none is chosen.
 */
export function ShotIdentifierSelect({ inspectionId, imageId, canEdit }: ShotIdentifierSelectProps) {
  const identifiers = useImageIdentifiers();
  const mappings = useImageToIdentifiers(inspectionId);
  const update = useUpdateIdentifier(inspectionId);
  const saved =
    mappings.data?.imageToIdentifiers.find((m) => m.image_id === imageId)?.anno_img_id ?? NO_SHOT_IDENTIFIER;
  // While a choice is being saved it shows at once; the list refreshes after.
  const pendingForThis = update.isPending && update.variables?.imageId === imageId;
  const value = pendingForThis ? update.variables.identifierId : saved;
  const data = [
    { value: String(NO_SHOT_IDENTIFIER), label: NONE_LABEL },
    ...(identifiers.data?.imageIdentifiers ?? []).map((i) => ({
      value: String(i.anno_img_id),
      label: i.anno_img_name,
    })),
  ];
  const failed = update.isError && update.variables?.imageId === imageId;

  if (!canEdit) {
    const label = data.find((d) => d.value === String(saved))?.label;
    if (saved === NO_SHOT_IDENTIFIER || !label) return null;
    return (
      <Text size="xs" c="dimmed" data-testid="shot-type" style={{ whiteSpace: 'nowrap' }}>
        Shot Type:{' '}
        <Text span size="xs" fw={600} c="var(--mantine-color-text)">
          {label}
        </Text>
      </Text>
    );
  }

  return (
    <Tooltip label="Could not save the shot type. Please try again." opened={failed} color="red" zIndex={400}>
      <Select
        aria-label="Shot Type"
        size="xs"
        w={170}
        data={data}
        value={String(value)}
        disabled={!mappings.data || !identifiers.data}
        allowDeselect={false}
        comboboxProps={{ zIndex: 400 }}
        error={failed ? true : undefined}
        onChange={(v) => {
          if (v === null || Number(v) === value) return;
          update.mutate({ imageId, identifierId: Number(v) });
        }}
      />
    </Tooltip>
  );
}
