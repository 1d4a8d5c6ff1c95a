import type { OutboxMessage } from '@linewalker/domain';
import { ActionIcon, Paper, Skeleton, Tooltip } from '@mantine/core';
import { IconMailOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { usePageParam } from '../../../lib/usePageParam.ts';
import { useOutbox } from '../api/getOutbox.ts';
import { OutboxMessageModal } from '../components/OutboxMessageModal.tsx';
import { OutboxTable } from '../components/OutboxTable.tsx';

const PAGE_SIZE = 50;

/** /admin/outbox: every e-mail and SMS the app produced, newest first (super admins only). */
export function OutboxRoute() {
  const [page, setPage] = usePageParam();
  const outbox = useOutbox({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const [opened, setOpened] = useState<OutboxMessage | null>(null);

  return (
    <>
      <PageHeader
        title="Outbox"
        description="E-mail and text messages sent by the app, newest first."
        actions={
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh"
              loading={outbox.isFetching}
              onClick={() => outbox.refetch()}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Paper withBorder p="md" radius="md">
        {outbox.isPending ? (
          <Skeleton h={240} />
        ) : outbox.isError ? (
          <QueryError error={outbox.error} onRetry={() => outbox.refetch()} />
        ) : outbox.data.total === 0 ? (
          <EmptyState icon={<IconMailOff size={24} />} title="No messages yet">
            Password reset links and other messages appear here as soon as the app sends them.
          </EmptyState>
        ) : (
          <>
            <OutboxTable items={outbox.data.items} onOpen={setOpened} />
            <Pager page={page} pageSize={PAGE_SIZE} total={outbox.data.total} onChange={setPage} />
          </>
        )}
      </Paper>
      <OutboxMessageModal message={opened} onClose={() => setOpened(null)} />
    </>
  );
}
