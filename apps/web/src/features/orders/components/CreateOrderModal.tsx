import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCreateOrder, useOrderAssets } from '../api/saveOrder.ts';
import { type Position, PositionFields, positionOf } from './PositionFields.tsx';

/** Staff order a replacement pole for an asset (found by line or structure name). */
export function CreateOrderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const assets = useOrderAssets(debounced, opened);
  const [assetId, setAssetId] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const [position, setPosition] = useState<Position>({ lat: '', lng: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateOrder();

  const options = (assets.data ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.line_name} / ${a.struct_num} (${a.company_name})${a.open_order_id ? ' - ordered' : ''}`,
    disabled: a.open_order_id !== null,
  }));

  const close = () => {
    setAssetId(null);
    setAddress('');
    setPosition({ lat: '', lng: '' });
    setProblem(null);
    create.reset();
    onClose();
  };

  const submit = () => {
    const at = positionOf(position);
    if (!assetId) return setProblem('Choose the structure the pole is for.');
    if (!address.trim()) return setProblem('Enter the status address.');
    if (at === null) return setProblem('Enter both latitude and longitude, or neither.');
    setProblem(null);
    create.mutate(
      { asset_id: Number(assetId), status_address: address.trim(), ...at },
      { onSuccess: close, onError: (e) => setProblem(e.message) },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="New Order">
      <Stack>
        <Select
          label="Structure"
          placeholder="Search Line or Structure"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={assetId}
          onChange={setAssetId}
          filter={({ options: all }) => all}
          nothingFoundMessage={assets.isFetching ? 'Searching…' : 'No structure found'}
          required
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
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Create Order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
