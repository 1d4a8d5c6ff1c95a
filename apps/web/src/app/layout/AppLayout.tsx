import { AppShell, Button, Container, Progress } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { MessagePanel } from '../../components/MessagePanel.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { Header } from './Header.tsx';

const HEADER_HEIGHT = 60;
/** The page column's widest: the tables of a project fill a 1440 px screen, longer lines stay readable. */
const PAGE_MAX_WIDTH = 1600;

/**
 * The root of every page. It waits for the session once, then shows the header only to a
 * logged-in user and never on /login (spec 1 §2 'Header').
 */
export function AppLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigation = useNavigation();

  if (session.isPending) return <FullPageLoader />;
  if (session.isError) {
    return (
      <MessagePanel
        title="Cannot reach Linewalker"
        color="red"
        icon={<IconPlugConnectedX size={28} />}
        actions={<Button onClick={() => session.refetch()}>Try again</Button>}
      >
        The server did not answer. Check your connection and try again.
      </MessagePanel>
    );
  }

  const withHeader = session.data !== null && pathname !== paths.login.path;
  return (
    <AppShell header={withHeader ? { height: HEADER_HEIGHT } : undefined} padding={withHeader ? 'md' : 0}>
      {navigation.state === 'loading' && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-label="Loading page"
        />
      )}
      {withHeader && session.data && (
        <AppShell.Header>
          <Header session={session.data} />
        </AppShell.Header>
      )}
      <AppShell.Main>
        {withHeader ? (
          // Wide enough for the Inspect and Pilots tables at 1440 px (1,408 px there); capped on bigger screens.
          <Container size={PAGE_MAX_WIDTH} px={0}>
            <Outlet />
          </Container>
        ) : (
          <Outlet />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
