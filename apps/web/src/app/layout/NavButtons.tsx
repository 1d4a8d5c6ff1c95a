import { type NavItem, navItemsFor, type RoleName } from '@linewalker/domain';
import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isCurrent, NAV_LINKS } from './navLinks.ts';

interface NavButtonsProps {
  roleName: RoleName;
  /** Stacked full-width buttons for the mobile drawer. */
  vertical?: boolean;
  onNavigate?: () => void;
}

export function NavButtons({ roleName, vertical = false, onNavigate }: NavButtonsProps) {
  const { pathname } = useLocation();
  return navItemsFor(roleName).map((item: NavItem) => {
    const { label, href } = NAV_LINKS[item];
    const current = isCurrent(pathname, href);
    return (
      <Button
        key={item}
        component={Link}
        to={href}
        onClick={onNavigate}
        variant={current ? 'light' : 'subtle'}
        color={current ? undefined : 'dark'}
        aria-current={current ? 'page' : undefined}
        fullWidth={vertical}
        justify={vertical ? 'flex-start' : undefined}
        // Inline, six links (a super admin's) leave the brand and the user their room.
        px={vertical ? undefined : 'sm'}
      >
        {label}
      </Button>
    );
  });
}
