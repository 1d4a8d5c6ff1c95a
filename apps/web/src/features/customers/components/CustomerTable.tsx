import type { Customer } from '@linewalker/domain';
import { Badge, Text } from '@mantine/core';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { DataColumn, SortState } from '../../../components/DataTable/types.ts';
import { type CustomerColumnId, formatLastLogin, pocName, statusLabel } from './customerView.ts';

const dash = (text: string | null | undefined) => (text ? text : '—');

const COLUMNS: DataColumn<Customer, CustomerColumnId>[] = [
  {
    id: 'company_name',
    header: 'Company Name',
    width: 240,
    sortable: true,
    cell: (c) => c.company_name,
    title: (c) => c.company_name,
  },
  { id: 'poc', header: 'Point of Contact', width: 180, sortable: true, cell: (c) => dash(pocName(c)) },
  {
    id: 'poc_email',
    header: 'Email',
    width: 230,
    sortable: true,
    cell: (c) => dash(c.poc_email),
    title: (c) => c.poc_email ?? undefined,
  },
  { id: 'poc_phone', header: 'Phone', width: 150, sortable: true, cell: (c) => dash(c.poc_phone) },
  {
    id: 'inspection_fields',
    header: 'Inspection Fields',
    width: 220,
    sortable: true,
    cell: (c) => (
      <Text size="sm" truncate="end">
        {c.inspection_fields.length > 0 ? c.inspection_fields.join(', ') : '—'}
      </Text>
    ),
    title: (c) => c.inspection_fields.join(', ') || undefined,
  },
  {
    id: 'status',
    header: 'Status',
    width: 110,
    sortable: true,
    cell: (c) => (
      <Badge variant="light" color={c.deleted_date ? 'gray' : 'teal'}>
        {statusLabel(c)}
      </Badge>
    ),
  },
  {
    id: 'last_login',
    header: 'Last Login',
    width: 190,
    sortable: true,
    cell: (c) => formatLastLogin(c.last_login),
  },
];

interface CustomerTableProps {
  rows: Customer[];
  sort: SortState<CustomerColumnId> | null;
  onSort: (column: CustomerColumnId) => void;
  onOpen: (customer: Customer) => void;
  empty: React.ReactNode;
}

/** The Customers list (spec 3 §2): every column sorts; a click or Enter on a row opens the customer. */
export function CustomerTable({ rows, sort, onSort, onOpen, empty }: CustomerTableProps) {
  return (
    <DataTable
      rows={rows}
      rowKey={(c) => c.id}
      columns={COLUMNS as DataColumn<Customer>[]}
      label="Customers"
      rowHeight={44}
      sort={sort}
      onSort={(column) => onSort(column as CustomerColumnId)}
      onOpen={onOpen}
      empty={empty}
      resetKey={sort ? `${sort.column}-${sort.direction}` : 'none'}
      rowTestId="customer-row"
      bordered
      height="max(360px, calc(100vh - 260px))"
    />
  );
}
