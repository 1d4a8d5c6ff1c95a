import { alreadyAssignedMessage, CREW_TEXTS, confirmUnassignMessage } from '@linewalker/domain';
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { formatCount } from '../../../../lib/format.ts';
import { type AssignmentTarget, useAssignStructures } from '../../api/assignStructures.ts';
import { type AssignmentModel, crewLabel } from '../../model/assignmentModel.ts';
import { planSelection, type SelectionPlan } from '../../model/selectionPlan.ts';
import { CrewChoice, UNASSIGN_CHOICE } from './CrewChoice.tsx';

interface SelectionFlowProps {
  projectId: number;
  model: AssignmentModel;
  /** The structures just selected on the map; null when nothing is selected. */
  selected: Uint32Array | null;
  onDone: () => void;
}

type Step =
  | { kind: 'pick' }
  | { kind: 'confirm'; target: AssignmentTarget; plan: SelectionPlan }
  | { kind: 'running' };

/**
 * After a selection: pick a crew group or 'Unassign', confirm when the spec asks for it (§4), then
 * send the ids in batches with a progress bar. Closing at any step before sending drops the selection.
 */
export function SelectionFlow({ projectId, model, selected, onDone }: SelectionFlowProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const assign = useAssignStructures(projectId);

  // A new selection starts over at the picker.
  useEffect(() => {
    if (selected) {
      setStep({ kind: 'pick' });
      setChoice(null);
    }
  }, [selected]);

  if (!selected) return null;
  const count = selected.length;

  const targetName = (target: AssignmentTarget) => {
    if (target.kind === 'unassign') return null;
    const group = model.crewById.get(target.crewGroupId);
    return group ? crewLabel(group) : 'the crew group';
  };

  const run = (target: AssignmentTarget, plan: SelectionPlan) => {
    setStep({ kind: 'running' });
    assign.mutate(
      { target, ids: plan.ids },
      {
        onSuccess: (done) => {
          const name = targetName(target);
          notifications.show({
            color: 'green',
            message: name
              ? `Assigned ${formatCount(done)} structures to ${name}.`
              : `Unassigned ${formatCount(done)} structures.`,
          });
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: target.kind === 'unassign' ? 'Unassignment stopped' : 'Assignment stopped',
            message: `${error.message} Structures of earlier batches keep their new crew.`,
          });
        },
        onSettled: onDone,
      },
    );
  };

  const submitChoice = () => {
    if (!choice) return;
    const target: AssignmentTarget =
      choice === UNASSIGN_CHOICE ? { kind: 'unassign' } : { kind: 'crew', crewGroupId: Number(choice) };
    const plan = planSelection(model, selected, target.kind === 'crew' ? target.crewGroupId : null);
    if (plan.ids.length === 0) {
      notifications.show({
        message:
          target.kind === 'unassign'
            ? 'None of the selected structures is assigned to a crew group.'
            : `All selected structures already belong to ${targetName(target)}.`,
      });
      onDone();
      return;
    }
    if (target.kind === 'unassign' || plan.alreadyAssigned > 0) setStep({ kind: 'confirm', target, plan });
    else run(target, plan);
  };

  if (step.kind === 'running') {
    const progress = assign.progress;
    const value = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
    return (
      <Modal
        opened
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title="Saving crew assignment"
        centered
      >
        <Stack gap="xs">
          <Progress value={value} animated={!progress?.refreshing} aria-label="Assignment progress" />
          <Text size="sm" role="status">
            {progress?.refreshing
              ? 'Refreshing the map and counts…'
              : `${formatCount(progress?.done ?? 0)} of ${formatCount(progress?.total ?? 0)} structures (batch ${Math.min(
                  (progress?.batchesDone ?? 0) + 1,
                  progress?.batches ?? 1,
                )} of ${progress?.batches ?? 1})`}
          </Text>
        </Stack>
      </Modal>
    );
  }

  if (step.kind === 'confirm') {
    const unassigning = step.target.kind === 'unassign';
    return (
      <Modal
        opened
        onClose={onDone}
        title={unassigning ? CREW_TEXTS.confirmUnassignTitle : CREW_TEXTS.alreadyAssignedTitle}
        centered
      >
        <Text size="sm">
          {unassigning
            ? confirmUnassignMessage(step.plan.ids.length)
            : alreadyAssignedMessage(count, step.plan.alreadyAssigned)}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            color={unassigning ? 'red' : undefined}
            onClick={() => run(step.target, step.plan)}
            data-autofocus
          >
            Confirm
          </Button>
        </Group>
      </Modal>
    );
  }

  return (
    <Modal
      opened
      onClose={onDone}
      title={count === 1 ? '1 structure selected' : `${formatCount(count)} structures selected`}
      centered
    >
      <CrewChoice crew={model.crew} value={choice} onChange={setChoice} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={!choice} onClick={submitChoice}>
          {choice === UNASSIGN_CHOICE ? CREW_TEXTS.unassign : 'Assign'}
        </Button>
      </Group>
    </Modal>
  );
}
