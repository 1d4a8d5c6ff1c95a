import { type BidFormValues, bidFormSchema, isoDateOf, US_STATES } from '@linewalker/domain';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useBidCustomers } from '../api/getBidCustomers.ts';

export interface BidFormState {
  rfp_name: string;
  project_duration: string;
  company_id: string;
  abbreviation: string;
  legal_name: string;
  address: string;
  state: string;
  city: string;
  zip: string;
  salutation: string;
  contact_name: string;
  contact_dept: string;
  contact_email: string;
  contact_phone: string;
}

export const EMPTY_BID: BidFormState = {
  rfp_name: '',
  project_duration: '',
  company_id: '',
  abbreviation: '',
  legal_name: '',
  address: '',
  state: '',
  city: '',
  zip: '',
  salutation: '',
  contact_name: '',
  contact_dept: '',
  contact_email: '',
  contact_phone: '',
};

/** The payload's `bid` from the form (an unselected customer is left out, so its rule says so). */
export function bidPayload(v: BidFormState): BidFormValues {
  const { company_id, ...rest } = v;
  return { ...rest, ...(company_id ? { company_id: Number(company_id) } : {}) } as BidFormValues;
}

/** The bid form rules of spec 3 §5, with the user's today, one message per field. */
function validate(values: BidFormState): Record<string, string> {
  const result = bidFormSchema(isoDateOf(new Date())).safeParse(bidPayload(values));
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  }
  return errors;
}

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

interface CreateBidModalProps {
  initial: BidFormState;
  onClose: () => void;
  /** The form passed its rules: on to the KMZ step. */
  onNext: (values: BidFormState) => void;
}

/** Create New Bid (spec 3 §2 'Bids page', §3 'Bid form'). */
export function CreateBidModal({ initial, onClose, onNext }: CreateBidModalProps) {
  const customers = useBidCustomers();
  const form = useForm<BidFormState>({ mode: 'controlled', initialValues: initial, validate });
  const text = (field: keyof BidFormState, label: string, extra: object = {}) => (
    <TextInput label={label} {...form.getInputProps(field)} key={form.key(field)} {...extra} />
  );
  return (
    <Modal opened onClose={onClose} title="Create New Bid" size="lg">
      <form onSubmit={form.onSubmit(onNext)} noValidate>
        <Stack gap="sm">
          {text('rfp_name', 'RFP Name', { withAsterisk: true, 'data-autofocus': true })}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('project_duration', 'Project duration', { type: 'date', withAsterisk: true })}
            <Select
              label="Customer"
              withAsterisk
              searchable
              placeholder={customers.isLoading ? 'Loading customers…' : 'Choose a customer'}
              data={(customers.data ?? []).map((c) => ({ value: String(c.id), label: c.company_name }))}
              {...form.getInputProps('company_id')}
              key={form.key('company_id')}
            />
            {text('abbreviation', 'Abbreviation')}
            {text('legal_name', 'Legal name')}
          </SimpleGrid>
          {text('address', 'Address')}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('city', 'City')}
            <Select
              label="State"
              searchable
              clearable
              data={STATE_OPTIONS}
              {...form.getInputProps('state')}
              key={form.key('state')}
            />
            {text('zip', 'Zip')}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('salutation', 'Salutation')}
            {text('contact_name', 'Contact name')}
            {text('contact_dept', 'Contact department')}
            {text('contact_email', 'Contact email', { type: 'email' })}
            {text('contact_phone', 'Contact phone', { type: 'tel' })}
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Next</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
