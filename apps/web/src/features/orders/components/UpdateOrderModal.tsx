import { type AssetOrderValue, ORDER_STATUSES } from '@linewalker/domain';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUpdateOrder } from '../api/saveOrder.ts';
import { type Position, PositionFields, positionOf } from './PositionFields.tsx';

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: String(s.id), label: s.label }));

/** Staff record where an order is now: a new status with its address (kept in the order's history). */
export function UpdateOrderModal({ order, onClose }: { order: AssetOrderValue; onClose: () => void }) {
  const [status, setStatus] = useState<string | null>(
    String(Math.min((order.pole_order_status_id ?? 0) + 1, 5)),
  );
  const [address, setAddress] = useState('');
  const [position, setPosition] = useState<Position>({ lat: '', lng: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateOrder(order.id);

  const submit = () => {
    const at = positionOf(position);
    if (!status) return setProblem('Choose the status.');
    if (!address.trim()) return setProblem('Enter the status address.');
    if (at === null) return setProblem('Enter both latitude and longitude, or neither.');
    setProblem(null);
    update.mutate(
      { pole_order_status_id: Number(status), status_address: address.trim(), ...at },
      { onSuccess: onClose, onError: (e) => setProblem(e.message) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Update Status: ${order.pole_location_id}`}>
      <Stack>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
          allowDeselect={false}
        />
        <TextInput
          label="Status Address"
          required
          maxLength={200}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
        />
        <PositionFields value={position} onChange={setPosition} />
        {problem && <Alert color="red">{problem}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={update.isPending}>
            Save Status
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
