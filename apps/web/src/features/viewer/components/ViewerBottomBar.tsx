import type { completionControl, ImageView, InspectionImage, InspectionRow } from '@linewalker/domain';
import { Badge, Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { useReviewMutations } from '../api/viewerMutations.ts';
import type { ViewerDialogName } from '../hooks/useViewerDialog.ts';

interface ViewerBottomBarProps {
  shown: InspectionImage[];
  current: InspectionImage | null;
  index: number;
  /** Back (−1) or Next (+1). */
  onStep: (delta: -1 | 1) => void;
  view: ImageView;
  row: InspectionRow | null;
  canInspect: boolean;
  /** Reshoot and reject are not offered in AI mode (spec 2 §2 'AI markup'). */
  aiMode?: boolean;
  /** How many photos Reject acts on when some are selected (0: none selected, the current one). */
  selectedCount: number;
  actOnCount: number;
  withdrawReshoot: ReturnType<typeof useReviewMutations>['withdrawReshoot'];
  control: ReturnType<typeof completionControl>;
  onDialog: (dialog: ViewerDialogName) => void;
  /** Complete Inspection or View Inspection Report. */
  onCompletion: () => void;
}

/** The viewer's bottom bar: Back / Next, and what a reviewer does with the photo and the inspection. */
export function ViewerBottomBar({
  shown,
  current,
  index,
  row,
  canInspect,
  view,
  ...props
}: ViewerBottomBarProps) {
  const reshootRequested = row?.review_status === 'Reshoot Requested';
  return (
    <Group
      justify="space-between"
      px="md"
      wrap="nowrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          disabled={index <= 0}
          onClick={() => props.onStep(-1)}
        >
          Back
        </Button>
        <Button
          variant="default"
          rightSection={<IconArrowRight size={16} />}
          disabled={index < 0 || index >= shown.length - 1}
          onClick={() => props.onStep(1)}
        >
          Next
        </Button>
      </Group>
      <Group gap="xs">
        {canInspect && !props.aiMode && current && view !== 'rejected' && (
          <Button color="red" variant="light" onClick={() => props.onDialog('reject')}>
            {props.selectedCount > 0 ? `Reject (${props.actOnCount})` : 'Reject'}
          </Button>
        )}
        {canInspect && !props.aiMode && current && view === 'rejected' && (
          <Button variant="light" onClick={() => props.onDialog('restore')}>
            Restore Photo
          </Button>
        )}
        {canInspect &&
          !props.aiMode &&
          row &&
          view !== 'rejected' &&
          !row.date_reviewed &&
          (reshootRequested ? (
            <Button
              variant="light"
              color="orange"
              loading={props.withdrawReshoot.isPending}
              onClick={() => props.withdrawReshoot.mutate()}
            >
              Withdraw Reshoot
            </Button>
          ) : (
            <Button variant="light" color="orange" onClick={() => props.onDialog('reshoot')}>
              Request Reshoot
            </Button>
          ))}
        {canInspect && row && (
          <Button variant="subtle" color="red" onClick={() => props.onDialog('escalate')}>
            Escalate
          </Button>
        )}
        {props.control.button && <Button onClick={props.onCompletion}>{props.control.button}</Button>}
        {props.control.completedBadge && (
          <Badge color="green" size="lg">
            Completed
          </Badge>
        )}
      </Group>
    </Group>
  );
}
