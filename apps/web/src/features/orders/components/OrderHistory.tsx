import { orderStatusLabel } from '@linewalker/domain';
import { Card, Loader, Text, Timeline, Title } from '@mantine/core';
import { useOrder } from '../api/getOrders.ts';
import { formatOrderDate } from '../model/orderView.ts';

/** The selected order's history: each status update, oldest first. */
export function OrderHistory({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  if (!order.data) return <Loader size="sm" aria-label="Loading the order's history" />;
  const updates = order.data.updates;
  return (
    <Card withBorder data-testid="order-history">
      <Title order={2} fz="h4" mb="sm">
        History: {order.data.pole_location_id}
      </Title>
      <Timeline active={updates.length - 1} bulletSize={14} lineWidth={2}>
        {updates.map((u) => (
          <Timeline.Item key={u.id} title={orderStatusLabel(u.pole_order_status_id)}>
            <Text size="sm">{u.status_address}</Text>
            <Text size="xs" c="dimmed">
              {formatOrderDate(u.occurred_at)} · {new Date(u.occurred_at).toISOString().slice(11, 16)} UTC ·{' '}
              {u.source === 'webhook' ? 'carrier' : 'staff'}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
