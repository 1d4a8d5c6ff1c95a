import { MESSAGES, type ResetCode, resetFailureMessage } from '@linewalker/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api.ts';
import { useResendResetPassword } from '../api/resendResetPassword.ts';

interface ResetPasswordFailureProps {
  code: ResetCode;
  /** Known when the link carried it; needed to send a fresh link for an expired one. */
  userId: number | null;
}

/** The error state of the reset page (spec 3 §8), with a way to get a new link when it expired. */
export function ResetPasswordFailure({ code, userId }: ResetPasswordFailureProps) {
  const resend = useResendResetPassword();
  const canResend = code === 'EXPIRED_TOKEN' && userId !== null;

  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertCircle />} role="alert">
        {resetFailureMessage(code)}
      </Alert>
      {resend.isSuccess && (
        <Alert color="green" icon={<IconMailCheck />} role="status">
          {MESSAGES.checkEmail}
        </Alert>
      )}
      {resend.isError && (
        <Alert color="red" role="alert">
          {isApiError(resend.error, 'rate_limited')
            ? resend.error.message
            : 'Could not send a new link right now. Please try again.'}
        </Alert>
      )}
      {canResend && !resend.isSuccess && (
        <Button loading={resend.isPending} onClick={() => resend.mutate({ userId })}>
          Send me a new reset link
        </Button>
      )}
      <Button component={Link} to={paths.login.getHref()} variant={canResend ? 'default' : 'filled'}>
        Go to login
      </Button>
    </Stack>
  );
}
