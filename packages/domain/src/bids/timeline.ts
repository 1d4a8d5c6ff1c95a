import { addDays, type IsoDate } from '../projects/dates.ts';

/** The Bids page's ranges: Quarter, Half Year, Year (spec 3 §9: 3, 6 or 12 months, default 3). */
export const BID_TIMELINE_RANGES = [
  { months: 3, label: 'Quarter' },
  { months: 6, label: 'Half Year' },
  { months: 12, label: 'Year' },
] as const;
export type BidTimelineMonths = (typeof BID_TIMELINE_RANGES)[number]['months'];
export const DEFAULT_BID_TIMELINE_MONTHS: BidTimelineMonths = 3;

export interface TimelineBid {
  /** The day the bid was created (YYYY-MM-DD). */
  created: IsoDate;
  company_id: number;
  structures: number;
}

export interface TimelineBucket {
  /** First day of the bucket. */
  start: IsoDate;
  label: string;
  bids: number;
  structures: number;
}

export interface BidTimeline {
  buckets: TimelineBucket[];
  totals: { bids: number; structures: number; customers: number };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The same day `months` earlier (clamped to the month's last day). */
function monthsBefore(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const label = (date: IsoDate) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

/**
 * Bids created in the last `months` months up to `today`, in buckets: weeks for a quarter or half year,
 * months for a year. Totals count the bids, their structures and the distinct customers in the range.
 */
export function bidTimeline(bids: readonly TimelineBid[], months: number, today: IsoDate): BidTimeline {
  const from = addDays(monthsBefore(today, months), 1);
  const buckets: TimelineBucket[] = [];
  if (months >= 12) {
    for (let i = months - 1; i >= 0; i--) {
      const first = `${monthsBefore(today, i).slice(0, 7)}-01`;
      buckets.push({
        start: first,
        label: `${MONTHS[Number(first.slice(5, 7)) - 1]} ${first.slice(2, 4)}`,
        bids: 0,
        structures: 0,
      });
    }
  } else {
    for (let start = from; start <= today; start = addDays(start, 7)) {
      buckets.push({ start, label: label(start), bids: 0, structures: 0 });
    }
  }
  const customers = new Set<number>();
  let bidsInRange = 0;
  let structures = 0;
  for (const bid of bids) {
    if (bid.created < from || bid.created > today) continue;
    bidsInRange++;
    structures += bid.structures;
    customers.add(bid.company_id);
    let bucket: TimelineBucket | undefined;
    for (const b of buckets) if (b.start <= bid.created) bucket = b;
    bucket ??= buckets[0];
    if (bucket) {
      bucket.bids++;
      bucket.structures += bid.structures;
    }
  }
  return { buckets, totals: { bids: bidsInRange, structures, customers: customers.size } };
}
