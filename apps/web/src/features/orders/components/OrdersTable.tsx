import { type AssetOrderValue, orderStatusLabel } from '@linewalker/domain';
import { Button, Table } from '@mantine/core';
import { formatOrderDate } from '../model/orderView.ts';

interface OrdersTableProps {
  orders: readonly AssetOrderValue[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Staff: each row's 'Update Status' button. */
  onUpdate?: (order: AssetOrderValue) => void;
}

/** The order table (spec 3 §2): pole location, status, status address, shipment created and sent time. */
export function OrdersTable({ orders, selectedId, onSelect, onUpdate }: OrdersTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover striped data-testid="orders-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Pole Location</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Status Address</Table.Th>
            <Table.Th>Shipment Created</Table.Th>
            <Table.Th>Sent Time</Table.Th>
            {onUpdate && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr
              key={o.id}
              data-order-id={o.id}
              aria-selected={o.id === selectedId}
              bg={o.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
              style={{ cursor: 'pointer' }}
              tabIndex={0}
              onClick={() => onSelect(o.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(o.id);
                }
              }}
            >
              <Table.Td>
                {o.pole_location_id}
                {o.line_name ? ` (${o.line_name})` : ''}
              </Table.Td>
              <Table.Td>{orderStatusLabel(o.pole_order_status_id)}</Table.Td>
              <Table.Td>{o.status_address ?? ''}</Table.Td>
              <Table.Td>{formatOrderDate(o.shipment_created_date)}</Table.Td>
              <Table.Td>{formatOrderDate(o.sent_time)}</Table.Td>
              {onUpdate && (
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={(e) => {
                      e.stopPropagation();
                      onUpdate(o);
                    }}
                  >
                    Update Status
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
