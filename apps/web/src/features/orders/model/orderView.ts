import { type AssetOrderValue, ORDER_STATUSES } from '@linewalker/domain';

/** The status filter buttons: all, then each status of spec 3 §4. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  ...ORDER_STATUSES.map((s) => ({ value: String(s.id), label: s.label })),
];

/** The orders of the chosen status whose pole location, line, status or address contains `search`. */
export function filterOrders(
  orders: readonly AssetOrderValue[],
  status: string,
  search: string,
): AssetOrderValue[] {
  const needle = search.trim().toLowerCase();
  return orders.filter(
    (o) =>
      (status === 'all' || String(o.pole_order_status_id) === status) &&
      (!needle ||
        [o.pole_location_id, o.line_name, o.pole_order_status, o.status_address].some((v) =>
          v?.toLowerCase().includes(needle),
        )),
  );
}

/** Spec 3 §9: order dates MM/DD/YYYY in UTC; empty for none. */
export function formatOrderDate(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** The marker colour of each status (unknown: grey). */
export const STATUS_COLORS: Record<number, string> = {
  1: '#868e96',
  2: '#f08c00',
  3: '#7048e8',
  4: '#1c7ed6',
  5: '#2f9e44',
};
