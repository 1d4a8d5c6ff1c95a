import { ActionIcon, Paper, Skeleton, Tooltip } from '@mantine/core';
import { IconHistoryOff, IconRefresh } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { usePageParam } from '../../../lib/usePageParam.ts';
import { useAudit } from '../api/getAudit.ts';
import { AuditTable } from '../components/AuditTable.tsx';

const PAGE_SIZE = 50;

/** /admin/audit: who changed what and when, newest first (super admins only). */
export function AuditRoute() {
  const [page, setPage] = usePageParam();
  const audit = useAudit({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Logins, password changes and other changes to the data, newest first."
        actions={
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh"
              loading={audit.isFetching}
              onClick={() => audit.refetch()}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Paper withBorder p="md" radius="md">
        {audit.isPending ? (
          <Skeleton h={240} />
        ) : audit.isError ? (
          <QueryError error={audit.error} onRetry={() => audit.refetch()} />
        ) : audit.data.total === 0 ? (
          <EmptyState icon={<IconHistoryOff size={24} />} title="Nothing recorded yet">
            Changes appear here as soon as someone logs in or edits data.
          </EmptyState>
        ) : (
          <>
            <AuditTable items={audit.data.items} />
            <Pager page={page} pageSize={PAGE_SIZE} total={audit.data.total} onChange={setPage} />
          </>
        )}
      </Paper>
    </>
  );
}
