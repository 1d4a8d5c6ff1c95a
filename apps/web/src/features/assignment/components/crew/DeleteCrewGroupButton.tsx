import { CREW_TEXTS, type CrewGroup } from '@linewalker/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { formatCount } from '../../../../lib/format.ts';
import { useDeleteCrewGroup } from '../../api/deleteCrewGroup.ts';
import { crewLabel } from '../../model/assignmentModel.ts';

/** 'Delete Crew Group' with the spec's confirmation (§4); the crew list refreshes afterwards. */
export function DeleteCrewGroupButton({ projectId, group }: { projectId: number; group: CrewGroup }) {
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteCrewGroup(projectId);

  const confirm = () =>
    remove.mutate(group.crew_group_id, {
      onSuccess: (answer) => {
        close();
        notifications.show({
          color: 'green',
          message: `${crewLabel(group)} deleted; ${formatCount(answer.unassignedStructures)} structures unassigned.`,
        });
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Crew group not deleted', message: error.message }),
    });

  return (
    <>
      <Button color="red" variant="light" size="xs" leftSection={<IconTrash size={14} />} onClick={open}>
        {CREW_TEXTS.deleteCrewGroupTitle}
      </Button>
      <Modal opened={opened} onClose={close} title={CREW_TEXTS.deleteCrewGroupTitle} centered>
        <Text size="sm">{CREW_TEXTS.deleteCrewGroup}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
