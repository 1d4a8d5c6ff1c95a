import { Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MessagePanel } from '../../components/MessagePanel.tsx';
import { NotFoundPanel } from '../../components/NotFoundPanel.tsx';
import { paths } from '../../config/paths.ts';

/** Replaces React Router's developer error screen with a plain message and a way out. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPanel />;
  return (
    <MessagePanel
      title="Something went wrong"
      color="red"
      icon={<IconAlertTriangle size={28} />}
      actions={
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" component={Link} to={paths.projects.getHref()}>
            All Projects
          </Button>
        </Group>
      }
    >
      This page stopped working. Reloading usually helps; if it keeps happening, tell your administrator.
    </MessagePanel>
  );
}
