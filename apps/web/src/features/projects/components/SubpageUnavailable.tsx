import { Button } from '@mantine/core';
import { IconLock, IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MessagePanel } from '../../../components/MessagePanel.tsx';
import { paths } from '../../../config/paths.ts';
import { SUBPAGE_TABS, type SubpageChoice } from './projectSubpage.ts';

/** A project address whose sub-page does not exist, or is not one the user's role may open. */
export function SubpageUnavailable({
  choice,
  slug,
}: {
  choice: Exclude<SubpageChoice, { kind: 'show' }>;
  slug: string;
}) {
  const toOverview = (
    <Button component={Link} to={paths.project.getHref(slug)}>
      Go to the project overview
    </Button>
  );
  if (choice.kind === 'unknown') {
    return (
      <MessagePanel
        title="Section not found"
        color="gray"
        icon={<IconMapQuestion size={28} />}
        actions={toOverview}
      >
        This project has no section called “{choice.requested}”. The link may be mistyped.
      </MessagePanel>
    );
  }
  const label = SUBPAGE_TABS.find((t) => t.value === choice.subpage)?.label ?? choice.subpage;
  return (
    <MessagePanel
      title="You do not have access to this section"
      color="orange"
      icon={<IconLock size={28} />}
      actions={toOverview}
    >
      Your role does not include the {label} section of a project. Ask a super admin if you need it.
    </MessagePanel>
  );
}
