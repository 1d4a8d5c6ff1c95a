import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ADMIN_LINKS, isCurrent } from './navLinks.ts';

export function MobileAdminLinks({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return ADMIN_LINKS.map((link) => {
    const current = isCurrent(pathname, link.href);
    return (
      <Button
        key={link.href}
        component={Link}
        to={link.href}
        onClick={onNavigate}
        variant={current ? 'light' : 'subtle'}
        color={current ? undefined : 'dark'}
        aria-current={current ? 'page' : undefined}
        fullWidth
        justify="flex-start"
      >
        {link.label}
      </Button>
    );
  });
}
