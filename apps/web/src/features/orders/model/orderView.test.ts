import type { AssetOrderValue } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { filterOrders, formatOrderDate } from './orderView.ts';

const order = (id: number, status: number | null, address: string): AssetOrderValue => ({
  id,
  asset_id: id,
  company_id: 2,
  line_name: 'Smoky Hill 115',
  pole_location_id: `SH-${id}`,
  pole_order_status_id: status,
  pole_order_status: 'x',
  status_address: address,
  lat: null,
  lng: null,
  shipment_created_date: null,
  sent_time: null,
});

describe('order view', () => {
  const orders = [order(1, 1, 'Salina, KS'), order(2, 4, 'I-70'), order(3, null, 'Abilene')];
  it('filters by status and searches any case', () => {
    expect(filterOrders(orders, 'all', '').map((o) => o.id)).toEqual([1, 2, 3]);
    expect(filterOrders(orders, '4', '').map((o) => o.id)).toEqual([2]);
    expect(filterOrders(orders, 'all', 'salina').map((o) => o.id)).toEqual([1]);
    expect(filterOrders(orders, 'all', 'sh-3').map((o) => o.id)).toEqual([3]);
  });
  it('formats order dates MM/DD/YYYY in UTC', () => {
    expect(formatOrderDate('2026-11-28T23:30:00.000Z')).toBe('11/28/2026');
    expect(formatOrderDate('2026-01-01T00:30:00.000+02:00')).toBe('12/31/2025');
    expect(formatOrderDate(null)).toBe('');
  });
});
