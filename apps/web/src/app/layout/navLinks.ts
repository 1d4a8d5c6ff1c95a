import type { NavItem } from '@linewalker/domain';
import { paths } from '../../config/paths.ts';

/** Header links in spec order (spec 1 §2 'Header'); which ones a role sees comes from navItemsFor. */
export const NAV_LINKS: Record<NavItem, { label: string; href: string }> = {
  assets: { label: 'Assets', href: paths.assets.getHref() },
  ai: { label: 'AI', href: paths.ai.getHref() },
  projects: { label: 'Projects', href: paths.projects.getHref() },
  customers: { label: 'Customers', href: paths.customers.getHref() },
  users: { label: 'Users', href: paths.users.getHref() },
  bids: { label: 'Bids', href: paths.rfp.getHref() },
};

export const ADMIN_LINKS = [
  { label: 'Outbox', href: paths.adminOutbox.getHref() },
  { label: 'Audit log', href: paths.adminAudit.getHref() },
  { label: 'Jobs', href: paths.adminJobs.getHref() },
  { label: 'Leads', href: paths.adminLeads.getHref() },
  { label: 'Drones', href: paths.adminDrones.getHref() },
  { label: 'Basemap', href: paths.adminBasemap.getHref() },
] as const;

/** A link is current on its own path and every path below it (/projects/x keeps Projects lit). */
export const isCurrent = (pathname: string, href: string): boolean =>
  pathname === href ||
  pathname.startsWith(`${href}/`) ||
  // Asset Health and Sensors are pages of the Assets area.
  (href === paths.assets.getHref() &&
    ([paths.assetHealth.path, paths.sensor.path] as string[]).includes(pathname));
