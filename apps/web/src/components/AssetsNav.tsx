import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';

const LINKS = [
  { label: 'Order Tracking', href: paths.assets.getHref() },
  { label: 'Health', href: paths.assetHealth.getHref() },
  { label: 'Sensors', href: paths.sensor.getHref() },
];

/** The Assets area's sub-navigation (spec 3 §2 'Assets': the 'Health' button), shared by its pages. */
export function AssetsNav() {
  const { pathname } = useLocation();
  return (
    <Group gap="xs" component="nav" aria-label="Assets">
      {LINKS.map(({ label, href }) => {
        const current = pathname === href;
        return (
          <Button
            key={href}
            component={Link}
            to={href}
            size="xs"
            variant={current ? 'filled' : 'default'}
            aria-current={current ? 'page' : undefined}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
