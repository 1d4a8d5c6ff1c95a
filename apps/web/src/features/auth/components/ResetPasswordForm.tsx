import { MESSAGES, RESET_PASSWORD_MIN } from '@linewalker/domain';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';

export interface NewPassword {
  password: string;
  confirmPassword: string;
}

interface ResetPasswordFormProps {
  loading: boolean;
  onSubmit: (password: string) => void;
  /** The button's words: 'Reset Password', or 'Set Password' for an invitation's first password. */
  submitLabel?: string;
}

/** The local checks of spec 3 §5 (WEAK_PASSWORD, NOT_MATCHING), before any call is made. */
export function validateNewPassword(values: NewPassword) {
  return {
    password: values.password.length < RESET_PASSWORD_MIN ? MESSAGES.weakPassword : null,
    confirmPassword: values.password !== values.confirmPassword ? MESSAGES.passwordsDiffer : null,
  };
}

export function ResetPasswordForm({
  loading,
  onSubmit,
  submitLabel = 'Reset Password',
}: ResetPasswordFormProps) {
  const form = useForm<NewPassword>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: validateNewPassword,
  });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values.password))} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          description={`At least ${RESET_PASSWORD_MIN} characters`}
          data-autofocus
          key={form.key('password')}
          {...form.getInputProps('password')}
          // Mantine's PasswordInput marks only data-invalid; screen readers need aria-invalid.
          aria-invalid={Boolean(form.errors.password)}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
          aria-invalid={Boolean(form.errors.confirmPassword)}
        />
        <Button type="submit" loading={loading} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
