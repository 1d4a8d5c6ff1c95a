import { Button } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { MessagePanel } from './MessagePanel.tsx';

export function NotFoundPanel() {
  return (
    <MessagePanel
      title="Page not found"
      color="gray"
      icon={<IconMapQuestion size={28} />}
      actions={
        <Button component={Link} to={paths.projects.getHref()}>
          All Projects
        </Button>
      }
    >
      There is no page at this address. It may have moved, or the link may be mistyped.
    </MessagePanel>
  );
}
