import {
  BID_TIMELINE_RANGES,
  type BidTimelineMonths,
  bidTimeline,
  can,
  DEFAULT_BID_TIMELINE_MONTHS,
  isoDateOf,
} from '@linewalker/domain';
import {
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileZip, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { NoAccessPanel } from '../../../components/NoAccessPanel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useSession } from '../../../lib/session.ts';
import { useBids } from '../api/getBids.ts';
import { BidTable } from '../components/BidTable.tsx';
import { BidTimelineChart } from '../components/BidTimelineChart.tsx';
import { type BidFormState, CreateBidModal, EMPTY_BID } from '../components/CreateBidModal.tsx';
import { KmzBidModal } from '../components/KmzBidModal.tsx';

type Step = { step: 'bid' | 'kmz'; values: BidFormState } | null;

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value.toLocaleString('en-US')}
      </Text>
    </Card>
  );
}

/** Bids (/rfp, spec 3 §2 'Bids page'): timeline of real bids and the Create New Bid flow. */
export function BidsRoute() {
  const session = useSession();
  const allowed = session.data ? can(session.data, 'bid.read') : false;
  const bids = useBids();
  const [months, setMonths] = useState<BidTimelineMonths>(DEFAULT_BID_TIMELINE_MONTHS);
  const [dialog, setDialog] = useState<Step>(null);
  const timeline = useMemo(
    () =>
      bidTimeline(
        (bids.data ?? []).map((b) => ({
          created: isoDateOf(new Date(b.created_at)),
          company_id: b.company_id,
          structures: b.structures,
        })),
        months,
        isoDateOf(new Date()),
      ),
    [bids.data, months],
  );

  if (session.data && !allowed) return <NoAccessPanel />;

  let list = (
    <Center py="xl">
      <Loader aria-label="Loading bids" />
    </Center>
  );
  if (bids.isError) list = <QueryError error={bids.error} onRetry={() => bids.refetch()} />;
  else if (bids.data?.length === 0) {
    list = (
      <EmptyState icon={<IconFileZip size={24} />} title="No bids yet">
        Create the first one with + Create New Bid: its KMZ files become a project.
      </EmptyState>
    );
  } else if (bids.data) list = <BidTable bids={bids.data} />;

  return (
    <>
      <PageHeader
        title="Bids"
        actions={
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setDialog({ step: 'bid', values: EMPTY_BID })}
          >
            Create New Bid
          </Button>
        }
      />
      <Stack gap="md">
        <Card withBorder>
          <Group justify="space-between" mb="sm" wrap="wrap">
            <SimpleGrid cols={3} spacing="sm" style={{ flex: 1, maxWidth: 560 }}>
              <Stat label="Bids" value={timeline.totals.bids} />
              <Stat label="Structures" value={timeline.totals.structures} />
              <Stat label="Customers" value={timeline.totals.customers} />
            </SimpleGrid>
            <SegmentedControl
              aria-label="Timeline range"
              value={String(months)}
              onChange={(v) => setMonths(Number(v) as BidTimelineMonths)}
              data={BID_TIMELINE_RANGES.map((r) => ({ value: String(r.months), label: r.label }))}
            />
          </Group>
          <BidTimelineChart buckets={timeline.buckets} />
        </Card>
        {list}
      </Stack>
      {dialog?.step === 'bid' && (
        <CreateBidModal
          initial={dialog.values}
          onClose={() => setDialog(null)}
          onNext={(values) => setDialog({ step: 'kmz', values })}
        />
      )}
      {dialog?.step === 'kmz' && (
        <KmzBidModal
          bid={dialog.values}
          onBack={() => setDialog({ step: 'bid', values: dialog.values })}
          onClose={() => setDialog(null)}
          onSaved={(_saved, projectName) => {
            setDialog(null);
            notifications.show({
              color: 'teal',
              title: 'Bid created',
              message: `${projectName}: importing its structures.`,
            });
          }}
        />
      )}
    </>
  );
}
