import { MESSAGES } from '@linewalker/domain';
import { Alert, Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Brand, PRODUCT_NAME } from '../../../components/Brand.tsx';
import { paths } from '../../../config/paths.ts';
import { safeReturnTo } from '../../../lib/returnTo.ts';
import { useSession } from '../../../lib/session.ts';
import { ForgotPasswordModal } from '../components/ForgotPasswordModal.tsx';
import { LoginForm } from '../components/LoginForm.tsx';
import { clearLoggingOut } from '../logoutIntent.ts';

export function LoginRoute() {
  useDocumentTitle(`Login · ${PRODUCT_NAME}`);
  const { data: session } = useSession();
  const [searchParams] = useSearchParams();
  const [forgotOpened, forgot] = useDisclosure(false);
  const [resetSent, setResetSent] = useState(false);
  // A logout has landed here; from now on the guard keeps return targets again.
  useEffect(clearLoggingOut, []);

  // Logged in (already, or just now): go where the visitor was heading, else to the projects.
  if (session) {
    return <Navigate to={safeReturnTo(searchParams.get('returnTo')) ?? paths.projects.getHref()} replace />;
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <Brand size="lg" />
            <Text c="dimmed" size="sm" ta="center">
              Drone inspection of poles, towers and lines
            </Text>
          </Stack>
          <Title order={1} fz="h3" ta="center">
            Log in to your account
          </Title>
          {resetSent && (
            <Alert
              color="green"
              icon={<IconMailCheck />}
              role="status"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setResetSent(false)}
            >
              {MESSAGES.checkEmail}
            </Alert>
          )}
          <LoginForm onForgotPassword={forgot.open} />
          <Text size="sm" c="dimmed" ta="center">
            New to us?{' '}
            <Anchor component={Link} to={paths.requestInspection.getHref()}>
              Request an inspection
            </Anchor>
          </Text>
        </Stack>
      </Paper>
      <ForgotPasswordModal
        opened={forgotOpened}
        onClose={forgot.close}
        onSent={() => {
          forgot.close();
          setResetSent(true);
        }}
      />
    </Center>
  );
}
