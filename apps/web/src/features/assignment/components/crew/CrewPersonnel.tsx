import { CREW_TEXTS, type CrewCandidate, type CrewGroup } from '@linewalker/domain';
import { MultiSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAddCrewUser } from '../../api/addCrewUser.ts';
import { useRemoveCrewUser } from '../../api/removeCrewUser.ts';

interface CrewPersonnelProps {
  projectId: number;
  group: CrewGroup;
  availableUsers: readonly CrewCandidate[];
  canEdit: boolean;
}

/**
 * 'Add Personnel' (spec 1 §2): the crew's people as pills; picking a name adds them, removing a pill
 * takes them out. Only users in no crew of the project can be added (the server's availableUsers).
 */
export function CrewPersonnel({ projectId, group, availableUsers, canEdit }: CrewPersonnelProps) {
  const add = useAddCrewUser(projectId);
  const remove = useRemoveCrewUser(projectId);
  const current = group.crew_users.map((user) => String(user.user_id));
  // Members stay in the data (as pills); the offer is grouped: pilots first, then field staff.
  const option = (user: { user_id: number; name: string }) => ({
    value: String(user.user_id),
    label: user.name,
  });
  const options = [
    { group: 'In this crew', items: group.crew_users.map(option) },
    { group: 'Pilots', items: availableUsers.filter((u) => u.crew_role === 'pilot').map(option) },
    { group: 'Field staff', items: availableUsers.filter((u) => u.crew_role === 'field_staff').map(option) },
  ].filter((g) => g.items.length > 0);

  const onError = (error: Error) =>
    notifications.show({ color: 'red', title: 'Personnel not changed', message: error.message });

  const onChange = (next: string[]) => {
    const crewGroupId = group.crew_group_id;
    for (const id of next.filter((value) => !current.includes(value))) {
      add.mutate({ userId: Number(id), crewGroupId }, { onError });
    }
    for (const id of current.filter((value) => !next.includes(value))) {
      remove.mutate({ userId: Number(id), crewGroupId }, { onError });
    }
  };

  if (!canEdit) {
    return (
      <Text size="sm">
        {group.crew_users.length ? group.crew_users.map((user) => user.name).join(', ') : 'No personnel'}
      </Text>
    );
  }
  return (
    <>
      <MultiSelect
        label={CREW_TEXTS.addPersonnel}
        placeholder={availableUsers.length ? 'Pick a person' : undefined}
        data={options}
        value={current}
        onChange={onChange}
        searchable
        // The list offers only people who can be added; members are the pills (removed with their ×).
        hidePickedOptions
        nothingFoundMessage={CREW_TEXTS.noAdditionalUsers}
        disabled={add.isPending || remove.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      {availableUsers.length === 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          {CREW_TEXTS.noAdditionalUsers}
        </Text>
      )}
    </>
  );
}
