import { can, type Session } from '@linewalker/domain';
import { Burger, Divider, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { Brand } from '../../components/Brand.tsx';
import { paths } from '../../config/paths.ts';
import { LogoutButton } from '../../features/auth/components/LogoutButton.tsx';
import { AdminMenu } from './AdminMenu.tsx';
import { MobileAdminLinks } from './MobileAdminLinks.tsx';
import { NavButtons } from './NavButtons.tsx';
import { UserBadge } from './UserBadge.tsx';

// Below this width the links, admin menu and user move into the burger's drawer: later for a super admin,
// whose longer row of links (and Admin menu) would otherwise squeeze the brand to a few letters.
const inlineFrom = (superAdmin: boolean) => (superAdmin ? 'lg' : 'md');
// A customer's full company name is their brand: give it the room the header has.
const BRAND_MAX_WIDTH = { base: 'calc(100vw - 110px)', md: 'min(34rem, 38vw)' };

/** The logged-in header (spec 1 §2): inline links on wide screens, a burger and drawer below. */
export function Header({ session }: { session: Session }) {
  const [menuOpened, menu] = useDisclosure(false);
  const superAdmin = can(session, 'admin.read');
  const shownFrom = inlineFrom(superAdmin);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={menuOpened}
          onClick={menu.toggle}
          hiddenFrom={shownFrom}
          size="sm"
          aria-label={menuOpened ? 'Close menu' : 'Open menu'}
        />
        <UnstyledButton component={Link} to={paths.projects.getHref()} aria-label="All Projects" miw={0}>
          <Brand label={session.companyName} labelMaxWidth={BRAND_MAX_WIDTH} />
        </UnstyledButton>
        <Group gap={4} visibleFrom={shownFrom} wrap="nowrap" ml="md">
          <NavButtons roleName={session.roleName} />
        </Group>
      </Group>

      {/* Never squeezed: the brand on the left wraps or shortens first. */}
      <Group gap="sm" wrap="nowrap" visibleFrom={shownFrom} style={{ flexShrink: 0 }}>
        {superAdmin && <AdminMenu />}
        <UserBadge session={session} nameFrom="lg" />
        <LogoutButton />
      </Group>

      <Drawer opened={menuOpened} onClose={menu.close} title="Menu" size="xs" hiddenFrom={shownFrom}>
        <Stack gap="xs">
          <UserBadge session={session} />
          <Divider />
          <NavButtons roleName={session.roleName} vertical onNavigate={menu.close} />
          {superAdmin && (
            <>
              <Divider label="Admin" labelPosition="left" />
              <MobileAdminLinks onNavigate={menu.close} />
            </>
          )}
          <Divider />
          <LogoutButton fullWidth />
          <Text size="xs" c="dimmed">
            {session.email}
          </Text>
        </Stack>
      </Drawer>
    </Group>
  );
}
