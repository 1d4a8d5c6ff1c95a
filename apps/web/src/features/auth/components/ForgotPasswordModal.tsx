import { ForgotPasswordRequest } from '@linewalker/domain';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isApiError } from '../../../lib/api.ts';
import { useForgotPassword } from '../api/forgotPassword.ts';

interface ForgotPasswordModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called once the server accepted the request. */
  onSent: () => void;
}

export function ForgotPasswordModal({ opened, onClose, onSent }: ForgotPasswordModalProps) {
  const forgot = useForgotPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(ForgotPasswordRequest, { sync: true }),
  });

  const close = () => {
    form.reset();
    forgot.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    forgot.mutate(ForgotPasswordRequest.parse(values), {
      onSuccess: () => {
        form.reset();
        onSent();
      },
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="What's My Password?" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </Text>
          {forgot.isError && (
            <Alert color="red" role="alert">
              {isApiError(forgot.error, 'rate_limited')
                ? forgot.error.message
                : 'Could not send the e-mail right now. Please try again.'}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
            // Spec 1 §8: the error flag only, no message.
            error={Boolean(form.errors.email)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={forgot.isPending}>
              Send My Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
