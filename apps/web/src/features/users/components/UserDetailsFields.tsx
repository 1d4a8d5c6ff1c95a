import {
  type Customer,
  OPERATING_COMPANY_ID,
  type Role,
  rolesForCompany,
  UNSELECTED_ID,
} from '@linewalker/domain';
import { Group, Loader, Radio, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { EmailCheck } from './useEmailCheck.ts';
import { mayBePilot, type UserFormState } from './userFormValues.ts';

interface UserDetailsFieldsProps {
  form: UseFormReturnType<UserFormState>;
  roles: Role[] | undefined;
  customers: Customer[] | undefined;
  /** The operating company's name (company 1 is not in the customer list). */
  operatingCompanyName: string;
  /** The edited user's company, offered even when it is no longer an active customer. */
  currentCompany?: { id: number; name: string };
  emailCheck: EmailCheck;
  emailError: string | null;
}

const idOrNull = (id: number): number | null => (id === UNSELECTED_ID ? null : id);

/** Step one of the Add/Edit User modal (spec 3 §2): details, role by company, status and the pilot toggle. */
export function UserDetailsFields(props: UserDetailsFieldsProps) {
  const { form, roles } = props;
  const values = form.getValues();
  const roleOptions = rolesForCompany(roles ?? [], idOrNull(values.company_id));
  const customerCompany = values.company_id !== UNSELECTED_ID && values.company_id !== OPERATING_COMPANY_ID;

  const companies = [
    { value: OPERATING_COMPANY_ID, label: props.operatingCompanyName },
    ...(props.customers ?? []).map((c) => ({ value: c.id, label: c.company_name })),
  ];
  const current = props.currentCompany;
  if (current && !companies.some((c) => c.value === current.id)) {
    companies.push({ value: current.id, label: current.name });
  }

  const chooseCompany = (id: number | null) => {
    const companyId = id ?? UNSELECTED_ID;
    form.setFieldValue('company_id', companyId);
    const available = rolesForCompany(roles ?? [], id);
    // Spec 3 §5: any other company lists only the customer role, auto-selected and locked.
    if (companyId !== UNSELECTED_ID && companyId !== OPERATING_COMPANY_ID) {
      form.setFieldValue('role_id', available[0]?.id ?? UNSELECTED_ID);
      form.setFieldValue('is_pilot', false);
    } else if (!available.some((r) => r.id === form.getValues().role_id)) {
      form.setFieldValue('role_id', UNSELECTED_ID);
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput
        label="First Name"
        withAsterisk
        maxLength={60}
        data-autofocus
        {...form.getInputProps('first_name')}
      />
      <TextInput label="Last Name" withAsterisk maxLength={60} {...form.getInputProps('last_name')} />
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        autoComplete="off"
        maxLength={254}
        {...form.getInputProps('email')}
        error={form.errors.email ?? props.emailError}
        rightSection={
          props.emailCheck === 'checking' ? <Loader size="xs" aria-label="Checking the email" /> : null
        }
      />
      <TextInput label="Phone" type="tel" withAsterisk maxLength={30} {...form.getInputProps('phone')} />
      <DatePickerInput
        label="Start Date"
        valueFormat="MM/DD/YYYY"
        withAsterisk
        value={values.start_date || null}
        onChange={(v) => form.setFieldValue('start_date', v ?? '')}
        error={form.errors.start_date}
      />
      <Select<number>
        label="Company"
        placeholder={props.customers ? 'Select a company' : 'Loading companies…'}
        data={companies}
        value={idOrNull(values.company_id)}
        onChange={chooseCompany}
        error={form.errors.company_id}
        searchable
        nothingFoundMessage="No company has that name"
        withAsterisk
      />
      <Select<number>
        label="Role"
        placeholder={
          roles === undefined
            ? 'Loading roles…'
            : values.company_id === UNSELECTED_ID
              ? 'Select a company first'
              : 'Select a role'
        }
        data={roleOptions.map((r) => ({ value: r.id, label: r.display_name }))}
        value={idOrNull(values.role_id)}
        onChange={(v) => form.setFieldValue('role_id', v ?? UNSELECTED_ID)}
        error={form.errors.role_id}
        disabled={customerCompany}
        withAsterisk
      />
      <Radio.Group
        label="Status"
        value={String(values.status)}
        onChange={(v) => form.setFieldValue('status', v === '0' ? 0 : 1)}
      >
        <Group gap="lg" mt={8}>
          <Radio value="1" label="Active" />
          <Radio value="0" label="Inactive" />
        </Group>
      </Radio.Group>
      {mayBePilot(values) && (
        <Switch
          label="Pilot"
          description="Also a pilot: pilot details come next."
          mt={{ sm: 'lg' }}
          checked={values.is_pilot}
          onChange={(e) => form.setFieldValue('is_pilot', e.currentTarget.checked)}
        />
      )}
    </SimpleGrid>
  );
}
