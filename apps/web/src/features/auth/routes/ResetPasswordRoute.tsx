import {
  ResetPasswordFailure as FailureBody,
  MESSAGES,
  RESET_CODES,
  type ResetCode,
} from '@linewalker/domain';
import { Alert, Button, Center, Paper, Stack, Title } from '@mantine/core';
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

/** /reset-password?token=…&userId=… (spec 3 §2, §4): form → loading → completed or error. */
export function ResetPasswordRoute() {
  useDocumentTitle(`Reset Password · ${PRODUCT_NAME}`);
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
          {MESSAGES.resetComplete}
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
            Reset Password
          </Title>
          {content}
        </Stack>
      </Paper>
    </Center>
  );
}
