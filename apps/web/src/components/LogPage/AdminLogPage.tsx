import { ActionIcon, Paper, Skeleton, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usePageParam } from '../../lib/usePageParam.ts';
import { EmptyState } from '../EmptyState.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { Pager } from '../Pager.tsx';
import { QueryError } from '../QueryError.tsx';

const PAGE_SIZE = 50;

interface LogPage<T> {
  items: T[];
  total: number;
}

interface AdminLogPageProps<P extends LogPage<unknown>> {
  title: string;
  description: string;
  /** The list query for one page; the page itself lives in `?page=`. */
  useLog: (page: { limit: number; offset: number }) => UseQueryResult<P>;
  /** Filters above the table, given the current page's answer (undefined while loading). */
  toolbar?: (page: P | undefined) => ReactNode;
  empty: { icon: ReactNode; title: string; text: string };
  children: (items: P['items']) => ReactNode;
}

/** The frame the admin logs (audit, outbox, jobs) share: header with Refresh, loading/error/empty, table, pager. */
export function AdminLogPage<P extends LogPage<unknown>>({
  title,
  description,
  useLog,
  toolbar,
  empty,
  children,
}: AdminLogPageProps<P>) {
  const [page, setPage] = usePageParam();
  const log = useLog({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh"
              loading={log.isFetching}
              onClick={() => log.refetch()}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Paper withBorder p="md" radius="md">
        {toolbar?.(log.data)}
        {log.isPending ? (
          <Skeleton h={240} />
        ) : log.isError ? (
          <QueryError error={log.error} onRetry={() => log.refetch()} />
        ) : log.data.total === 0 ? (
          <EmptyState icon={empty.icon} title={empty.title}>
            {empty.text}
          </EmptyState>
        ) : (
          <>
            {children(log.data.items)}
            <Pager page={page} pageSize={PAGE_SIZE} total={log.data.total} onChange={setPage} />
          </>
        )}
      </Paper>
    </>
  );
}
