import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconShieldCog } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_LINKS } from './navLinks.ts';

/** Super-admin tools: the outbox, the audit log, the background jobs, leads, drones and the self-hosted basemap. */
export function AdminMenu() {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={<IconShieldCog size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Admin
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ADMIN_LINKS.map((link) => (
          <Menu.Item key={link.href} component={Link} to={link.href}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
