import { availabilityLabel, type PilotItem } from '@linewalker/domain';

/** The directory's and the Pilots tab's search: name, availability and home base (spec 2 §9), any case. */
export function matchesPilotSearch(pilot: PilotItem, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const text = [
    `${pilot.first_name} ${pilot.last_name}`,
    pilot.availability,
    availabilityLabel(pilot.availability),
    pilot.home_base ?? '',
  ]
    .join(' ')
    .toLowerCase();
  return q.split(/\s+/).every((word) => text.includes(word));
}

export const pilotName = (p: Pick<PilotItem, 'first_name' | 'last_name'>) => `${p.first_name} ${p.last_name}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 2 §2: flight dates as MM/DD/YYYY HH:mm UTC. */
export function formatUtcDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** 'YYYY-MM-DD' as MM/DD/YYYY. */
export const formatDay = (day: string | null): string =>
  day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '—';

/** Mantine colours for the spec's status colours (white reads as a grey outline on a white page). */
export const STATUS_BADGE: Record<string, { color: string; variant: 'light' | 'outline' | 'filled' }> = {
  white: { color: 'gray', variant: 'outline' },
  green: { color: 'green', variant: 'light' },
  blue: { color: 'blue', variant: 'light' },
  orange: { color: 'orange', variant: 'light' },
  red: { color: 'red', variant: 'light' },
  yellow: { color: 'yellow', variant: 'light' },
};
