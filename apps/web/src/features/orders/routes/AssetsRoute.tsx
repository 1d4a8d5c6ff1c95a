import { type AssetOrderValue, can } from '@linewalker/domain';
import { Box, Button, Center, Grid, Group, Loader, Stack, TextInput, Title } from '@mantine/core';
import { IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useOrders, useOrderTracks } from '../api/getOrders.ts';
import { CreateOrderModal } from '../components/CreateOrderModal.tsx';
import { OrderHistory } from '../components/OrderHistory.tsx';
import { ORDER_MAP_HEIGHT, OrdersMap } from '../components/OrdersMap.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { UpdateOrderModal } from '../components/UpdateOrderModal.tsx';
import { filterOrders, STATUS_FILTERS } from '../model/orderView.ts';

/**
 * The Assets Overview page (/assets, spec 3 §2 'Assets'): the 'Health' sub-navigation button, then Order
 * Tracking: search, status filter buttons, the map (each order at its current position, its track) and the
 * table. Staff create orders and update their status; customers see their company's orders read-only.
 */
export function AssetsRoute() {
  const session = useSession();
  const mayManage = session.data ? can(session.data, 'order.manage') : false;
  const orders = useOrders();
  const tracks = useOrderTracks();
  const [status, setStatus] = useState('all');
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [updating, setUpdating] = useState<AssetOrderValue | null>(null);

  const shown = useMemo(() => filterOrders(orders.data ?? [], status, search), [orders.data, status, search]);

  let body = (
    <Center py="xl">
      <Loader aria-label="Loading orders" />
    </Center>
  );
  if (orders.isError) body = <QueryError error={orders.error} onRetry={() => orders.refetch()} />;
  else if (orders.data?.length === 0) {
    body = (
      <EmptyState icon={<IconPackage size={24} />} title="No orders yet">
        {mayManage
          ? 'Order a replacement pole with New Order; it appears here with its status and on the map.'
          : 'Replacement poles ordered for your structures will appear here with their shipping status.'}
      </EmptyState>
    );
  } else if (orders.data) {
    body = (
      <Grid>
        <Grid.Col span={{ base: 12, lg: selectedId ? 8 : 12 }}>
          <Stack>
            <Box h={ORDER_MAP_HEIGHT}>
              <OrdersMap
                orders={shown}
                tracks={tracks.data ?? []}
                selectedId={selectedId}
                onSelect={setSelectedId}
              />
            </Box>
            {shown.length === 0 ? (
              <EmptyState icon={<IconSearch size={24} />} title="No orders match">
                Choose another status or change the search.
              </EmptyState>
            ) : (
              <OrdersTable
                orders={shown}
                selectedId={selectedId}
                onSelect={setSelectedId}
                {...(mayManage ? { onUpdate: setUpdating } : {})}
              />
            )}
          </Stack>
        </Grid.Col>
        {selectedId && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <OrderHistory orderId={selectedId} />
          </Grid.Col>
        )}
      </Grid>
    );
  }

  return (
    <Stack p="md" data-testid="assets-page">
      <PageHeader
        title="Assets Overview"
        actions={
          <Button component={Link} to={paths.assetHealth.getHref()} variant="default">
            Health
          </Button>
        }
      />
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h3">
          Order Tracking
        </Title>
        {mayManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Order
          </Button>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search orders"
          placeholder="Search"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
        <Button.Group aria-label="Order status">
          {STATUS_FILTERS.map((f) => (
            <Button
              key={f.value}
              variant={status === f.value ? 'filled' : 'default'}
              aria-pressed={status === f.value}
              onClick={() => setStatus(f.value)}
            >
              {f.label}
            </Button>
          ))}
        </Button.Group>
      </Group>
      {body}
      <CreateOrderModal opened={creating} onClose={() => setCreating(false)} />
      {updating && <UpdateOrderModal order={updating} onClose={() => setUpdating(null)} />}
    </Stack>
  );
}
