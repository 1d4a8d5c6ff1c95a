import type { Customer } from '@linewalker/domain';
import { type SortValue, sortRows } from '../../../components/DataTable/sorting.ts';
import type { SortState } from '../../../components/DataTable/types.ts';

export type CustomerColumnId =
  | 'company_name'
  | 'poc'
  | 'poc_email'
  | 'poc_phone'
  | 'inspection_fields'
  | 'status'
  | 'last_login';

const pad = (n: number) => String(n).padStart(2, '0');

/** Last login as the spec writes it: MM/DD/YYYY HH:mm UTC (spec 3 §9); '—' when nobody has logged in. */
export function formatLastLogin(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

export const pocName = (c: Customer): string => [c.poc_first_name, c.poc_last_name].filter(Boolean).join(' ');
export const statusLabel = (c: Customer): 'Active' | 'Inactive' => (c.deleted_date ? 'Inactive' : 'Active');

/** Search by company name or POC email (spec 3 §2), any case, anywhere in the text. */
export function matchesSearch(c: Customer, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return c.company_name.toLowerCase().includes(needle) || (c.poc_email ?? '').toLowerCase().includes(needle);
}

const SORT_VALUE: Record<CustomerColumnId, (c: Customer) => SortValue> = {
  company_name: (c) => c.company_name,
  poc: (c) => pocName(c) || null,
  poc_email: (c) => c.poc_email || null,
  poc_phone: (c) => c.poc_phone || null,
  inspection_fields: (c) => c.inspection_fields.length,
  status: (c) => statusLabel(c),
  last_login: (c) => (c.last_login ? Date.parse(c.last_login) : null),
};

/** The rows the table shows: searched, then sorted (the server's order, by name, when unsorted). */
export function customerRows(
  customers: readonly Customer[],
  search: string,
  sort: SortState<CustomerColumnId> | null,
): Customer[] {
  const found = customers.filter((c) => matchesSearch(c, search));
  return sort ? sortRows(found, sort.direction, SORT_VALUE[sort.column]) : found;
}
