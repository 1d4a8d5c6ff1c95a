import { can, type UserItem, type UserSort } from '@linewalker/domain';
import { Button, CloseButton, Paper, Skeleton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { NoAccessPanel } from '../../../components/NoAccessPanel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageParam } from '../../../lib/usePageParam.ts';
import { useUsers } from '../api/getUsers.ts';
import { UserDialog } from '../components/UserDialog.tsx';
import { type UsersSort, UsersTable } from '../components/UsersTable.tsx';

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;

type Dialog = { mode: 'create' } | { mode: 'edit'; user: UserItem } | null;

/** Users (/users, spec 3 §2): search, a sortable table paged by the server, Add and Edit User. */
export function UsersRoute() {
  const session = useSession();
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<UsersSort>({ sort: 'name', order: 'asc' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const mayList = session.data ? can(session.data, 'user.list') : false;
  const mayManage = session.data ? can(session.data, 'user.manage') : false;
  const users = useUsers({
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    sort: sort.sort,
    order: sort.order,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });

  if (session.data && !mayList) return <NoAccessPanel />;

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const toggleSort = (column: UserSort) => {
    setSort((s) =>
      s.sort === column
        ? { sort: column, order: s.order === 'asc' ? 'desc' : 'asc' }
        : { sort: column, order: 'asc' },
    );
    setPage(1);
  };

  let content = <Skeleton h={320} />;
  if (users.isError) content = <QueryError error={users.error} onRetry={() => users.refetch()} />;
  else if (users.data && users.data.total === 0) {
    content = (
      <EmptyState
        icon={<IconUserOff size={24} />}
        title={debouncedSearch ? 'No users match' : 'No users yet'}
      >
        {debouncedSearch
          ? `No user's name, email or company contains “${debouncedSearch}”.`
          : mayManage
            ? 'Add the first user with + Add A New User.'
            : 'Users appear here once a super admin adds them.'}
      </EmptyState>
    );
  } else if (users.data) {
    content = (
      <>
        <UsersTable
          users={users.data.items}
          sort={sort}
          onSort={toggleSort}
          {...(mayManage ? { onOpen: (user: UserItem) => setDialog({ mode: 'edit', user }) } : {})}
        />
        <Pager page={page} pageSize={PAGE_SIZE} total={users.data.total} onChange={setPage} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Users"
        actions={mayManage && <Button onClick={() => setDialog({ mode: 'create' })}>+ Add A New User</Button>}
      />
      <TextInput
        placeholder="Search by name, company name or email"
        aria-label="Search by name, company name or email"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => changeSearch(e.currentTarget.value)}
        rightSection={
          search ? <CloseButton aria-label="Clear search" onClick={() => changeSearch('')} /> : null
        }
        mb="md"
        maw={480}
      />
      <Paper withBorder p="md" radius="md">
        {content}
      </Paper>
      {dialog && (
        <UserDialog
          {...(dialog.mode === 'edit' ? { user: dialog.user } : {})}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
