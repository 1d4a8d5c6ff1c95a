import { type Customer, can } from '@linewalker/domain';
import { Button, Center, Group, Loader, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingCommunity, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { nextSort } from '../../../components/DataTable/sorting.ts';
import type { SortState } from '../../../components/DataTable/types.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCustomerList } from '../api/getCustomerList.ts';
import { CustomerModal } from '../components/CustomerModal.tsx';
import { CustomerTable } from '../components/CustomerTable.tsx';
import { type CustomerColumnId, customerRows } from '../components/customerView.ts';

type Dialog = { customer: Customer | null } | null;

/** Customers (/customers, spec 3 §2 'Customers list'). */
export function CustomersRoute() {
  const session = useSession();
  const customers = useCustomerList();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<CustomerColumnId> | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const maySave = session.data ? can(session.data, 'customer.save') : false;
  const rows = useMemo(
    () => customerRows(customers.data ?? [], search, sort),
    [customers.data, search, sort],
  );

  let content = (
    <Center py="xl">
      <Loader aria-label="Loading customers" />
    </Center>
  );
  if (customers.isError) content = <QueryError error={customers.error} onRetry={() => customers.refetch()} />;
  else if (customers.data) {
    const empty =
      customers.data.length === 0 ? (
        <EmptyState icon={<IconBuildingCommunity size={24} />} title="No customers yet">
          {maySave
            ? 'Add the first customer with + Add A New Customer.'
            : 'Customers appear here once a super admin adds them.'}
        </EmptyState>
      ) : (
        <EmptyState icon={<IconSearch size={24} />} title="No customer matches">
          No company name or email contains “{search.trim()}”.
        </EmptyState>
      );
    content = (
      <>
        <CustomerTable
          rows={rows}
          sort={sort}
          onSort={(column) => setSort((current) => nextSort(current, column))}
          onOpen={(customer) => setDialog({ customer })}
          empty={empty}
        />
        <Text size="xs" c="dimmed" mt="xs" aria-live="polite">
          {formatCount(rows.length)} of {formatCount(customers.data.length)} customers
        </Text>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Customers"
        actions={
          maySave && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ customer: null })}>
              Add A New Customer
            </Button>
          )
        }
      />
      <Group mb="sm">
        <TextInput
          aria-label="Search customers"
          placeholder="Search by company name or email"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 380 }}
        />
      </Group>
      {content}
      {dialog && (
        <CustomerModal
          customer={dialog.customer}
          readOnly={!maySave}
          onClose={() => setDialog(null)}
          onSaved={(_id, companyName) =>
            notifications.show({
              color: 'teal',
              title: dialog.customer ? 'Customer saved' : 'Customer added',
              message: companyName,
            })
          }
        />
      )}
    </>
  );
}
