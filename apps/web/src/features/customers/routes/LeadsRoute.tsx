import type { Lead } from '@linewalker/domain';
import { Badge, Button, Center, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLeads } from '../api/getLeads.ts';
import { CustomerModal, type CustomerPrefill } from '../components/CustomerModal.tsx';

/** The customer form filled from a lead: company, and the lead's person as point of contact. */
export const prefillFromLead = (lead: Lead): CustomerPrefill => ({
  leadId: lead.id,
  values: {
    company_name: lead.company_name ?? '',
    poc_first_name: lead.first_name ?? '',
    poc_last_name: lead.last_name ?? '',
    poc_email: lead.email,
    poc_phone: lead.phone ?? '',
  },
});

const HEADERS = ['Received', 'Name', 'Company', 'Email', 'Phone', 'Message', 'Customer'] as const;

/** /admin/leads: requests from the public 'Request an inspection' form, newest first (super admins). */
export function LeadsRoute() {
  const leads = useLeads();
  const [converting, setConverting] = useState<Lead | null>(null);

  let content = (
    <Center py="xl">
      <Loader aria-label="Loading leads" />
    </Center>
  );
  if (leads.isError) content = <QueryError error={leads.error} onRetry={() => leads.refetch()} />;
  else if (leads.data?.length === 0) {
    content = (
      <Paper withBorder radius="md">
        <EmptyState icon={<IconInbox size={24} />} title="No requests yet">
          Requests sent with the public Request an inspection form appear here.
        </EmptyState>
      </Paper>
    );
  } else if (leads.data) {
    content = (
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={1000} verticalSpacing="sm" aria-label="Leads">
            <Table.Thead>
              <Table.Tr>
                {HEADERS.map((h) => (
                  <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leads.data.map((lead) => (
                <Table.Tr key={lead.id} data-testid="lead-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(lead.created_at)}</Table.Td>
                  <Table.Td>{[lead.first_name, lead.last_name].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>{lead.company_name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{lead.email}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{lead.phone ?? '—'}</Table.Td>
                  <Table.Td maw={320}>
                    <Text
                      size="sm"
                      lineClamp={3}
                      title={lead.message ?? undefined}
                      style={{ whiteSpace: 'pre-line' }}
                    >
                      {lead.message ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {lead.converted_company_id ? (
                      <Badge variant="light" color="teal" title={lead.converted_company_name ?? undefined}>
                        Customer: {lead.converted_company_name}
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setConverting(lead)}
                        aria-label={`Make ${lead.company_name ?? lead.email} a customer`}
                      >
                        Make customer
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title="Leads" description="Inspection requests from the public form, newest first." />
      {content}
      {converting && (
        <CustomerModal
          customer={null}
          prefill={prefillFromLead(converting)}
          onClose={() => setConverting(null)}
          onSaved={(_id, companyName) =>
            notifications.show({ color: 'teal', title: 'Customer added', message: companyName })
          }
        />
      )}
    </>
  );
}
