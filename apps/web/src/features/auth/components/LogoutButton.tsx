import { MESSAGES } from '@linewalker/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useLogout } from '../api/logout.ts';

export function LogoutButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  const logout = useLogout();

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconLogout size={16} />}
        onClick={open}
        fullWidth={fullWidth}
        justify={fullWidth ? 'flex-start' : undefined}
      >
        Logout
      </Button>
      <Modal opened={opened} onClose={close} title="Logout" centered size="sm">
        <Text>{MESSAGES.logoutConfirm}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={logout.isPending} onClick={() => logout.mutate()}>
            Logout
          </Button>
        </Group>
      </Modal>
    </>
  );
}
