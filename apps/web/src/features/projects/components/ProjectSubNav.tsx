import { type ProjectSubpage, projectSubpagesFor, type RoleName } from '@linewalker/domain';
import { Button, Group, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { projectFilterSearch } from '../../../lib/projectFilters.ts';
import { SUBPAGE_TABS } from './projectSubpage.ts';

interface ProjectSubNavProps {
  slug: string;
  /** null: the address names no section the user may open; no tab is active. */
  subpage: ProjectSubpage | null;
  roleName: RoleName | undefined;
}

/** 'All Projects' (staff) and the sub-pages the role may see (spec 1 §2 'Project page frame', §6). */
export function ProjectSubNav({ slug, subpage, roleName }: ProjectSubNavProps) {
  const allowed = projectSubpagesFor(roleName);
  const tabs = SUBPAGE_TABS.filter((t) => allowed.includes(t.value));
  // Every staff role goes back to the list from a project (spec 2 §2), inspectors and users included, not
  // only those with the 'all' view; a customer's read-only page has no back button (spec 2 §6).
  const backToList = allowed.length > 0 && roleName !== 'customer';
  // The header's filters go along to the next sub-page.
  const [search] = useSearchParams();
  const filterSearch = projectFilterSearch(search);
  return (
    <Group gap="md" wrap="nowrap" align="flex-end" mb="md">
      {backToList && (
        <Button
          component={Link}
          to={paths.projects.getHref()}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          mb={4}
        >
          All Projects
        </Button>
      )}
      <Tabs
        value={subpage}
        // Each tab is a link: a click (or Enter) navigates and the route sets the value. Arrow keys
        // only move the focus, so no second navigation doubles the history entry.
        activateTabWithKeyboard={false}
        style={{ flex: 1, minWidth: 0 }}
        aria-label="Project sections"
      >
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              // A real link, so a sub-page can be opened in a new browser tab.
              renderRoot={(props) => (
                <Link {...props} to={`${paths.project.getHref(slug, t.value)}${filterSearch}`} />
              )}
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </Group>
  );
}
