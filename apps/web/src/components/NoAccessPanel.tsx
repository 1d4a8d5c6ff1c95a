import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { MessagePanel } from './MessagePanel.tsx';

export function NoAccessPanel() {
  return (
    <MessagePanel
      title="You do not have access to this page"
      color="orange"
      icon={<IconLock size={28} />}
      actions={
        <Button component={Link} to={paths.projects.getHref()}>
          All Projects
        </Button>
      }
    >
      Your role does not include this page. Ask a super admin if you need it.
    </MessagePanel>
  );
}
