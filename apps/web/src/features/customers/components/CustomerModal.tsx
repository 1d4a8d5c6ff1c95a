import {
  CUSTOMER_MESSAGES,
  CUSTOMER_NAME_LIMITS,
  type Customer,
  customerFormSchema,
} from '@linewalker/domain';
import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { nameInUseQueryOptions } from '../api/nameInUse.ts';
import { useSaveCustomer } from '../api/saveCustomer.ts';
import { InspectionFieldsInput } from './InspectionFieldsInput.tsx';

/** Spec 3 §9: the name check waits 500 ms after the last keystroke. */
export const NAME_CHECK_DEBOUNCE_MS = 500;

export interface CustomerFormState {
  company_name: string;
  poc_first_name: string;
  poc_last_name: string;
  poc_email: string;
  poc_phone: string;
  status: '1' | '0';
  inspection_fields: string[];
}

/** A new customer made from a lead: the form starts filled, and saving marks the lead converted. */
export interface CustomerPrefill {
  leadId: number;
  values: Partial<CustomerFormState>;
}

const EMPTY: CustomerFormState = {
  company_name: '',
  poc_first_name: '',
  poc_last_name: '',
  poc_email: '',
  poc_phone: '',
  status: '1',
  inspection_fields: [],
};

const initialValues = (customer: Customer | null, prefill: CustomerPrefill | null): CustomerFormState =>
  customer
    ? {
        company_name: customer.company_name,
        poc_first_name: customer.poc_first_name ?? '',
        poc_last_name: customer.poc_last_name ?? '',
        poc_email: customer.poc_email ?? '',
        poc_phone: customer.poc_phone ?? '',
        status: customer.deleted_date ? '0' : '1',
        inspection_fields: customer.inspection_fields,
      }
    : { ...EMPTY, ...prefill?.values };

const toPayload = (v: CustomerFormState) => ({ ...v, status: v.status === '1' ? 1 : 0 }) as const;

/** The form's rules (spec 3 §5 'Customer form'), one message per field, from the shared schema. */
function validate(values: CustomerFormState): Record<string, string> {
  const result = customerFormSchema.safeParse(toPayload(values));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

interface CustomerModalProps {
  /** The customer to edit; null adds a new one. */
  customer: Customer | null;
  prefill?: CustomerPrefill | null;
  /** Project managers see the customer but do not save (super admins manage customers). */
  readOnly?: boolean;
  onClose: () => void;
  onSaved?: (id: number, companyName: string) => void;
}

/**
 * Add/Edit Customer (spec 3 §2, §5): company name 2–50 and unique (checked on the server 500 ms after
 * typing stops, skipped while the name is unchanged; a failed check counts as taken), POC fields,
 * status, inspection fields as chips. Mounted while open, so every opening starts clean.
 */
export function CustomerModal({
  customer,
  prefill = null,
  readOnly = false,
  onClose,
  onSaved,
}: CustomerModalProps) {
  const queryClient = useQueryClient();
  const save = useSaveCustomer();
  const [failed, setFailed] = useState(false);
  const form = useForm<CustomerFormState>({
    mode: 'controlled',
    initialValues: initialValues(customer, prefill),
    validate,
  });
  const id = customer?.id ?? null;
  const original = customer?.company_name ?? null;

  const name = form.values.company_name.trim();
  const [debounced] = useDebouncedValue(name, NAME_CHECK_DEBOUNCE_MS);
  const needsCheck = (n: string) =>
    !readOnly &&
    n.length >= CUSTOMER_NAME_LIMITS.min &&
    n.length <= CUSTOMER_NAME_LIMITS.max &&
    n !== original;
  const check = useQuery({ ...nameInUseQueryOptions(debounced, id), enabled: needsCheck(debounced) });
  const nameTaken =
    needsCheck(debounced) && debounced === name && (check.data === true || check.isError)
      ? CUSTOMER_MESSAGES.nameTaken
      : null;

  /** The check for the name as it is now (not waiting for the debounce): true when it may be saved. */
  const nameAcceptable = async (): Promise<boolean> => {
    if (!needsCheck(name)) return true;
    try {
      return !(await queryClient.fetchQuery(nameInUseQueryOptions(name, id)));
    } catch {
      return false;
    }
  };

  const submit = form.onSubmit(async (values) => {
    setFailed(false);
    if (!(await nameAcceptable())) {
      form.setFieldError('company_name', CUSTOMER_MESSAGES.nameTaken);
      return;
    }
    // Sent as the shared schema reads it: trimmed, empty POC fields as null, chips unique.
    const payload = { ...customerFormSchema.parse(toPayload(values)), deleted_date: null };
    save.mutate(
      customer
        ? { kind: 'update', body: { ...payload, id: customer.id } }
        : { kind: 'create', body: { ...payload, id: null, lead_id: prefill?.leadId ?? null } },
      {
        onSuccess: (answer) => {
          onSaved?.(answer.id, values.company_name.trim());
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, 'customer_name_taken')) {
            form.setFieldError('company_name', CUSTOMER_MESSAGES.nameTaken);
          } else setFailed(true);
        },
      },
    );
  });

  const nameError = form.errors.company_name ?? nameTaken;
  return (
    <Modal
      opened
      onClose={onClose}
      title={readOnly ? 'Customer' : customer ? 'Edit Customer' : 'Add New Customer'}
      size="lg"
      closeOnClickOutside={false}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="Company Name"
            withAsterisk
            data-autofocus
            disabled={readOnly}
            maxLength={CUSTOMER_NAME_LIMITS.max + 10}
            {...form.getInputProps('company_name')}
            error={nameError}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="POC First Name"
              maxLength={50}
              disabled={readOnly}
              {...form.getInputProps('poc_first_name')}
            />
            <TextInput
              label="POC Last Name"
              maxLength={50}
              disabled={readOnly}
              {...form.getInputProps('poc_last_name')}
            />
            <TextInput
              label="POC Email"
              type="email"
              maxLength={254}
              disabled={readOnly}
              {...form.getInputProps('poc_email')}
            />
            <TextInput
              label="POC Phone"
              type="tel"
              maxLength={30}
              disabled={readOnly}
              {...form.getInputProps('poc_phone')}
            />
          </SimpleGrid>
          <Radio.Group label="Status" {...form.getInputProps('status')}>
            <Group mt="xs">
              <Radio value="1" label="Active" disabled={readOnly} />
              <Radio value="0" label="Inactive" disabled={readOnly} />
            </Group>
          </Radio.Group>
          <InspectionFieldsInput
            value={form.values.inspection_fields}
            onChange={(v) => form.setFieldValue('inspection_fields', v)}
            error={form.errors.inspection_fields}
            readOnly={readOnly}
          />
          {failed && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {CUSTOMER_MESSAGES.saveFailed}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {readOnly ? 'Close' : 'Cancel'}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
