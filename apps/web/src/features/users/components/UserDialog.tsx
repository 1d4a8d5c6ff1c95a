import { PilotDetailsForm, USER_MESSAGES, UserDetailsForm, type UserItem } from '@linewalker/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { useCustomerCompanies } from '../api/getCompanies.ts';
import { usePilotAttributes } from '../api/getPilotAttributes.ts';
import { useRoles } from '../api/getRoles.ts';
import { useSaveUser } from '../api/saveUser.ts';
import { PilotDetailsFields } from './PilotDetailsFields.tsx';
import { UserDetailsFields } from './UserDetailsFields.tsx';
import { emailCheckError, useEmailCheck } from './useEmailCheck.ts';
import { initialUserForm, mayBePilot, type UserFormState, userPayload } from './userFormValues.ts';

interface UserDialogProps {
  /** The user to edit; absent to add one. */
  user?: UserItem;
  onClose: () => void;
}

const detailsErrors = schemaResolver(UserDetailsForm, { sync: true });
const pilotErrors = schemaResolver(PilotDetailsForm, { sync: true });
const PILOT_FIELDS = new Set(Object.keys(PilotDetailsForm.shape));

/**
 * 'Add New User' / 'Edit User' (spec 3 §2). A pilot goes through two steps: the details, then the pilot
 * details, reached with Next once step one validates; Back returns; Save is on the last step. Mounted while
 * open, so every opening starts clean.
 */
export function UserDialog({ user, onClose }: UserDialogProps) {
  const session = useSession();
  const roles = useRoles();
  const customers = useCustomerCompanies();
  const attributes = usePilotAttributes();
  const save = useSaveUser();
  const form = useForm<UserFormState>({ initialValues: initialUserForm(user) });
  const values = form.getValues();
  const email = useEmailCheck(values.email, user?.email);
  const [step, setStep] = useState<'details' | 'pilot'>('details');
  const [checking, setChecking] = useState(false);
  const twoSteps = values.is_pilot && mayBePilot(values);

  /** Validates step one, including the email check (run at once if the debounce has not fired yet). */
  const detailsValid = async (): Promise<boolean> => {
    const errors: FormErrors = detailsErrors(form.getValues());
    setChecking(true);
    const check = await email.confirm().finally(() => setChecking(false));
    const emailError = errors.email ? null : emailCheckError(check);
    if (emailError) errors.email = emailError;
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const send = () => {
    save.mutate(
      user
        ? { kind: 'update', body: { ...userPayload(form.getValues(), user), id: user.id } }
        : { kind: 'create', body: { ...userPayload(form.getValues()), id: null } },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'teal',
            title: user ? 'User saved' : 'User created',
            message: user
              ? `${answer.user.first_name} ${answer.user.last_name}`
              : `${answer.user.first_name} ${answer.user.last_name} was sent an e-mail to choose a password.`,
          });
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.code === 'email_taken') form.setFieldError('email', USER_MESSAGES.emailTaken);
          for (const issue of error.issues) {
            const field = issue.path.replace(/^body\./, '').replace(/^pilot\./, '');
            if (field in form.getValues()) form.setFieldError(field, issue.message);
          }
          const onDetails =
            error.code === 'email_taken' ||
            error.issues.some(
              (i) => !PILOT_FIELDS.has(i.path.replace(/^body\./, '').replace(/^pilot\./, '')),
            );
          if (onDetails) setStep('details');
        },
      },
    );
  };

  const submit = async () => {
    save.reset();
    if (step === 'details') {
      if (!(await detailsValid())) return;
      if (twoSteps) setStep('pilot');
      else send();
      return;
    }
    const errors = pilotErrors(form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) send();
  };

  const onDetailsStep = step === 'details';
  return (
    <Modal
      opened
      onClose={onClose}
      title={user ? 'Edit User' : 'Add New User'}
      size="xl"
      closeOnClickOutside={false}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          {twoSteps && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {onDetailsStep ? 'Step 1 of 2: User details' : 'Step 2 of 2: Pilot details'}
            </Text>
          )}
          {onDetailsStep ? (
            <UserDetailsFields
              form={form}
              roles={roles.data}
              customers={customers.data}
              operatingCompanyName={session.data?.companyName ?? 'Operating company'}
              {...(user ? { currentCompany: { id: user.company_id, name: user.company_name } } : {})}
              emailCheck={email.check}
              emailError={emailCheckError(email.check)}
            />
          ) : (
            <PilotDetailsFields form={form} attributes={attributes.data} />
          )}
          {(roles.isError || customers.isError) && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              Could not load the {roles.isError ? 'roles' : 'companies'}. Close and try again.
            </Alert>
          )}
          {save.isError && (
            <Alert color="red" icon={<IconAlertCircle />} title={USER_MESSAGES.saveFailed} role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Group gap="sm">
              {!onDetailsStep && (
                <Button variant="default" onClick={() => setStep('details')} disabled={save.isPending}>
                  Back
                </Button>
              )}
              <Button type="submit" loading={save.isPending || checking}>
                {onDetailsStep && twoSteps ? 'Next' : 'Save'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
