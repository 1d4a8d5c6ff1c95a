import { CREW_TEXTS, type CrewCandidate, type CrewGroup, canAddCrewGroup } from '@linewalker/domain';
import { Accordion, Box, Button, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLayoutSidebarRightCollapse, IconLayoutSidebarRightExpand, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { formatCount } from '../../../../lib/format.ts';
import { useAddCrewGroup } from '../../api/addCrewGroup.ts';
import { crewLabel } from '../../model/assignmentModel.ts';
import { CrewPersonnel } from './CrewPersonnel.tsx';
import { CrewSwatch } from './CrewSwatch.tsx';
import { DeleteCrewGroupButton } from './DeleteCrewGroupButton.tsx';

interface CrewSidebarProps {
  projectId: number;
  crew: readonly CrewGroup[];
  availableUsers: readonly CrewCandidate[];
  canEdit: boolean;
  minimized: boolean;
  onToggle: () => void;
}

/** The 'Crew' sidebar (spec 1 §2): crew groups with their counts, personnel, delete, and 'Add Crew Group'. */
export function CrewSidebar({
  projectId,
  crew,
  availableUsers,
  canEdit,
  minimized,
  onToggle,
}: CrewSidebarProps) {
  const addGroup = useAddCrewGroup(projectId);
  // The toggle is drawn anew in the other layout: after a toggle, focus follows it there (not to the page).
  const toggleButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the layout flips.
  useEffect(() => {
    if (toggled.current) toggleButton.current?.focus();
    toggled.current = false;
  }, [minimized]);

  const toggle = (
    <Button
      ref={toggleButton}
      variant="subtle"
      size="compact-sm"
      onClick={() => {
        toggled.current = true;
        onToggle();
      }}
      aria-expanded={!minimized}
      aria-controls="crew-sidebar-body"
      leftSection={
        minimized ? <IconLayoutSidebarRightExpand size={16} /> : <IconLayoutSidebarRightCollapse size={16} />
      }
    >
      {minimized ? 'Show Crew' : 'Minimize Crew'}
    </Button>
  );

  if (minimized) {
    return (
      <Stack component="aside" aria-label="Crew" gap="xs" p="xs" align="center" h="100%">
        {toggle}
        {crew.map((group) => (
          <Group key={group.crew_group_id} gap={4} wrap="nowrap" title={crewLabel(group)}>
            <CrewSwatch color={group.color} size={12} />
            <Text size="xs">{group.crew_number}</Text>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Stack component="aside" aria-label="Crew" gap={0} h="100%" w={320}>
      <Group justify="space-between" p="sm" pb="xs" wrap="nowrap">
        <Title order={3} size="h4">
          Crew
        </Title>
        {toggle}
      </Group>
      <ScrollArea id="crew-sidebar-body" style={{ flex: 1 }} px="sm">
        {crew.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" size="sm">
            {CREW_TEXTS.noCrewGroups}
          </Text>
        ) : (
          <Accordion variant="separated" chevronPosition="right" multiple>
            {crew.map((group) => (
              <Accordion.Item key={group.crew_group_id} value={String(group.crew_group_id)}>
                <Accordion.Control>
                  <Group gap="sm" wrap="nowrap">
                    <CrewSwatch color={group.color} />
                    <Box style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {crewLabel(group)}
                      </Text>
                      <Text size="xs" c="dimmed" data-testid={`crew-${group.crew_number}-counts`}>
                        {formatCount(group.structure_count)} structures ·{' '}
                        {formatCount(group.structures_acquired_count)} acquired
                      </Text>
                    </Box>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <CrewPersonnel
                      projectId={projectId}
                      group={group}
                      availableUsers={availableUsers}
                      canEdit={canEdit}
                    />
                    {canEdit && (
                      <Group justify="flex-end">
                        <DeleteCrewGroupButton projectId={projectId} group={group} />
                      </Group>
                    )}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </ScrollArea>
      {canEdit && (
        <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Button
            fullWidth
            leftSection={<IconPlus size={16} />}
            disabled={!canAddCrewGroup(crew.length)}
            loading={addGroup.isPending}
            onClick={() =>
              addGroup.mutate(undefined, {
                onError: (error) =>
                  notifications.show({ color: 'red', title: 'Crew group not added', message: error.message }),
              })
            }
          >
            {CREW_TEXTS.addCrewGroup}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
