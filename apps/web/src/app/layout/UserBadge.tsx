import { ROLE_DISPLAY_NAMES, type Session } from '@linewalker/domain';
import { Avatar, Group, type MantineBreakpoint, Stack, Text, Tooltip } from '@mantine/core';

interface UserBadgeProps {
  session: Session;
  /** Show the name beside the avatar only from this width (the avatar's tooltip has it below). */
  nameFrom?: MantineBreakpoint;
}

export function UserBadge({ session, nameFrom }: UserBadgeProps) {
  const name = `${session.firstName} ${session.lastName}`.trim() || session.email;
  const role = ROLE_DISPLAY_NAMES[session.roleName];
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={`${name} · ${role}`}>
        <Avatar name={name} color="initials" size="sm" alt={name} />
      </Tooltip>
      <Stack gap={0} visibleFrom={nameFrom}>
        <Text size="sm" fw={500} lh={1.2} data-testid="user-name">
          {name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2}>
          {role}
        </Text>
      </Stack>
    </Group>
  );
}
