import {
  ResetPasswordFailure as FailureBody,
  MESSAGES,
  RESET_CODES,
  type ResetCode,
} from '@linewalker/domain';
import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Brand, PRODUCT_NAME } from '../../../components/Brand.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api.ts';
import { useResetPassword } from '../api/resetPassword.ts';
import { ResetPasswordFailure } from '../components/ResetPasswordFailure.tsx';
import { ResetPasswordForm } from '../components/ResetPasswordForm.tsx';

function readUserId(raw: string | null): number | null {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
}

/** The reset code from a failed call; anything unrecognised reads as BAD_TOKEN. */
function failureCode(error: unknown): ResetCode {
  if (!isApiError(error)) return 'BAD_TOKEN';
  const body = FailureBody.safeParse(error.body);
  return body.success && RESET_CODES.includes(body.data.status) ? body.data.status : 'BAD_TOKEN';
}

/** The words of the two pages that share the token flow: a reset, or an invitation's first password. */
const WORDING = {
  reset: {
    title: 'Reset Password',
    intro: null,
    submit: 'Reset Password',
    done: MESSAGES.resetComplete,
  },
  invitation: {
    title: 'Set Your Password',
    intro: `An account was created for you on ${PRODUCT_NAME}. Choose a password to finish setting it up; then log in with your e-mail address.`,
    submit: 'Set Password',
    done: 'Your password is set. Please login with your e-mail address and new password.',
  },
} as const;

/** /reset-password?token=…&userId=… (spec 3 §2, §4): form → loading → completed or error. */
export function ResetPasswordRoute() {
  return <PasswordTokenPage kind="reset" />;
}

/** /set-password?token=…&userId=…: the invitation's link, the same token flow worded for a first password. */
export function SetPasswordRoute() {
  return <PasswordTokenPage kind="invitation" />;
}

function PasswordTokenPage({ kind }: { kind: keyof typeof WORDING }) {
  const words = WORDING[kind];
  useDocumentTitle(`${words.title} · ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const userId = readUserId(searchParams.get('userId'));
  const reset = useResetPassword();

  let content: ReactNode;
  if (!token || userId === null) {
    content = <ResetPasswordFailure code="BAD_TOKEN" userId={userId} />;
  } else if (reset.isSuccess) {
    content = (
      <Stack gap="md">
        <Alert color="green" icon={<IconCircleCheck />} role="status">
          {words.done}
        </Alert>
        <Button component={Link} to={paths.login.getHref()}>
          Go to login
        </Button>
      </Stack>
    );
  } else if (reset.isError) {
    content = <ResetPasswordFailure code={failureCode(reset.error)} userId={userId} />;
  } else {
    content = (
      <ResetPasswordForm
        loading={reset.isPending}
        onSubmit={(password) => reset.mutate({ userId, token, password })}
        submitLabel={words.submit}
      />
    );
  }

  return (
    <Center mih="80vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Center>
            <Brand size="lg" />
          </Center>
          <Title order={1} fz="h3" ta="center">
            {words.title}
          </Title>
          {words.intro && !reset.isSuccess && !reset.isError && (
            <Text size="sm" c="dimmed" ta="center">
              {words.intro}
            </Text>
          )}
          {content}
        </Stack>
      </Paper>
    </Center>
  );
}
