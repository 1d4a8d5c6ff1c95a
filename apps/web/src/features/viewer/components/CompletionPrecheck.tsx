import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** A check made before completing an inspection (spec 2 §5), in the order they are asked. */
export type PrecheckStep = 'unassigned' | 'arms';

export interface UnassignedNearby {
  id: number;
  image_name: string;
  meters: number;
}

/** The checks that have something to list, in order: unassigned photos first, then bare arms (flanges). */
export function precheckSteps(
  unassigned: readonly unknown[],
  armsWithoutImages: readonly unknown[],
): PrecheckStep[] {
  return [
    ...(unassigned.length > 0 ? (['unassigned'] as const) : []),
    ...(armsWithoutImages.length > 0 ? (['arms'] as const) : []),
  ];
}

interface CompletionPrecheckProps {
  /** The check shown; null keeps the dialog closed. */
  step: PrecheckStep | null;
  unassigned: readonly UnassignedNearby[];
  /** Position texts of the arms (flanges) no photo shows. */
  armsWithoutImages: readonly string[];
  /** 'Arm' or 'Flange'. */
  word: string;
  onCancel: () => void;
  /** 'Complete Inspection Anyways': on to the next check, or to the completion. */
  onContinue: () => void;
}

/**
 * The warnings before completing an inspection (spec 2 §5): the unassigned photos near the structure by
 * name, then the arms or flanges without photos by position text; each the choice of 'Complete Inspection
 * Anyways' or Cancel.
 */
export function CompletionPrecheck(p: CompletionPrecheckProps) {
  const unassigned = p.step === 'unassigned';
  return (
    <Modal
      opened={p.step !== null}
      onClose={p.onCancel}
      title={unassigned ? 'Unassigned Images' : `${p.word}s Without Images`}
      centered
      zIndex={400}
    >
      <Stack>
        {unassigned ? (
          <>
            <Text size="sm">
              These photos near this structure are not assigned to any structure. Assign them on the Upload
              tab, or complete the inspection without them.
            </Text>
            <Stack gap={2} data-testid="unassigned-nearby">
              {p.unassigned.map((u) => (
                <Text key={u.id} size="sm">
                  <Text span ff="monospace" size="sm">
                    {u.image_name}
                  </Text>{' '}
                  <Text span c="dimmed" size="sm">
                    ({Math.round(u.meters)} m away)
                  </Text>
                </Text>
              ))}
            </Stack>
          </>
        ) : (
          <>
            <Text size="sm">No photo shows these {p.word.toLowerCase()}s of the structure yet:</Text>
            <Stack gap={2} data-testid="arms-without-images">
              {p.armsWithoutImages.map((position) => (
                <Text key={position} size="sm">
                  {position}
                </Text>
              ))}
            </Stack>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onCancel}>
            Cancel
          </Button>
          <Button onClick={p.onContinue}>Complete Inspection Anyways</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
