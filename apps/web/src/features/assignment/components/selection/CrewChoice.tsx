import { CREW_TEXTS, type CrewGroup } from '@linewalker/domain';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { formatCount } from '../../../../lib/format.ts';
import { crewLabel } from '../../model/assignmentModel.ts';
import { CrewSwatch } from '../crew/CrewSwatch.tsx';

/** The picker's value: a crew group id, or UNASSIGN_CHOICE. */
export const UNASSIGN_CHOICE = 'unassign';

interface CrewChoiceProps {
  crew: readonly CrewGroup[];
  value: string | null;
  onChange: (value: string) => void;
}

/** Radio list of crew groups plus 'Unassign' (spec 1 §4); 'No Crew Groups' when there are none. */
export function CrewChoice({ crew, value, onChange }: CrewChoiceProps) {
  return (
    <Radio.Group value={value} onChange={onChange} label="Assign to" name="crew-choice">
      <Stack gap="xs" mt="xs">
        {crew.length === 0 && (
          <Text size="sm" c="dimmed">
            {CREW_TEXTS.noCrewGroups}
          </Text>
        )}
        {crew.map((group) => (
          <Radio
            key={group.crew_group_id}
            value={String(group.crew_group_id)}
            label={
              <Group gap={8} wrap="nowrap">
                <CrewSwatch color={group.color} />
                <Text size="sm" fw={500}>
                  {crewLabel(group)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatCount(group.structure_count)} structures
                </Text>
              </Group>
            }
          />
        ))}
        <Radio value={UNASSIGN_CHOICE} label={CREW_TEXTS.unassign} />
      </Stack>
    </Radio.Group>
  );
}
