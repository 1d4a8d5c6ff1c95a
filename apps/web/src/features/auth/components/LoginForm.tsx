import { LoginRequest, MESSAGES } from '@linewalker/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api.ts';
import { useLogin } from '../api/login.ts';

interface LoginFormProps {
  onForgotPassword: () => void;
}

function failureText(error: unknown): string {
  if (isApiError(error, 'invalid_credentials')) return MESSAGES.loginFailed;
  // 429 carries the server's own 'wait and try again' sentence.
  if (isApiError(error, 'rate_limited')) return error.message;
  return 'Could not log in right now. Please try again.';
}

/** On success the session lands in the query cache, and the login route moves on from there. */
export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const login = useLogin();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(LoginRequest, { sync: true }),
  });

  // Spec 1 §8: a validation failure shows an error flag without a message, and makes no call.
  const submit = form.onSubmit((values) => {
    login.mutate(LoginRequest.parse(values));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {login.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {failureText(login.error)}
          </Alert>
        )}
        <TextInput
          label="User Name"
          placeholder="you@company.com"
          autoComplete="username"
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
          error={Boolean(form.errors.email)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
          error={Boolean(form.errors.password)}
          // Mantine's PasswordInput marks only data-invalid; screen readers need aria-invalid.
          aria-invalid={Boolean(form.errors.password)}
        />
        <Group justify="space-between" align="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              // A failed login's message must not linger beside the reset flow's own messages.
              login.reset();
              onForgotPassword();
            }}
          >
            Forgot Password
          </Anchor>
          <Button type="submit" loading={login.isPending}>
            Login
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
