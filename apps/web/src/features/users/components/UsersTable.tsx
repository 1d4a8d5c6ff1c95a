import type { SortOrder, UserItem, UserSort } from '@linewalker/domain';
import { Badge, Table, Text } from '@mantine/core';
import { SortableTh } from '../../../components/SortableTh.tsx';
import { formatLastLogin } from './formatLastLogin.ts';

export interface UsersSort {
  sort: UserSort;
  order: SortOrder;
}

interface UsersTableProps {
  users: UserItem[];
  sort: UsersSort;
  onSort: (column: UserSort) => void;
  /** A click or Enter on a row opens the Edit User modal; rows are not clickable without it. */
  onOpen?: (user: UserItem) => void;
}

const COLUMNS: { key: UserSort; label: string; width?: number }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone', width: 150 },
  { key: 'role', label: 'Role', width: 150 },
  { key: 'company', label: 'Company' },
  { key: 'status', label: 'Status', width: 105 },
  { key: 'last_login', label: 'Last Login', width: 185 },
];

/** The Users table (spec 3 §2): one server-sorted page; a row opens the Edit User modal. */
export function UsersTable({ users, sort, onSort, onOpen }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={1150}>
      <Table
        highlightOnHover={!!onOpen}
        verticalSpacing="sm"
        aria-label="Users"
        style={{ tableLayout: 'fixed' }}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <SortableTh
                key={c.key}
                label={c.label}
                width={c.width}
                direction={sort.sort === c.key ? sort.order : null}
                onSort={() => onSort(c.key)}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => {
            const name = `${u.first_name} ${u.last_name}`;
            return (
              <Table.Tr
                key={u.id}
                data-testid="user-row"
                {...(onOpen
                  ? {
                      tabIndex: 0,
                      style: { cursor: 'pointer' },
                      'aria-label': `Edit ${name}`,
                      onClick: () => onOpen(u),
                      onKeyDown: (e: React.KeyboardEvent) => {
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          onOpen(u);
                        }
                      },
                    }
                  : {})}
              >
                <Table.Td>
                  <Text component="div" size="sm" fw={500} truncate title={name}>
                    {name}
                    {u.pilot_id !== null && (
                      <Badge size="xs" variant="light" ml={6} style={{ verticalAlign: 'middle' }}>
                        Pilot
                      </Badge>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate title={u.email}>
                    {u.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{u.phone ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{u.role_display_name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate title={u.company_name}>
                    {u.company_name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={u.status === 1 ? 'teal' : 'gray'} variant="light">
                    {u.status === 1 ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={u.last_login ? undefined : 'dimmed'}>
                    {formatLastLogin(u.last_login)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
