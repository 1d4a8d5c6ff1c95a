import { describe, expect, it } from 'vitest';
import { BID_MESSAGES, bidFormSchema, bidProjectDefaults } from './form.ts';
import { isKmzMappingComplete } from './kmz.ts';
import { bidTimeline } from './timeline.ts';

const messages = (values: object) => {
  const r = bidFormSchema('2026-03-10').safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('bid form', () => {
  it('says every required field at once, the past duration too', () => {
    expect(messages({})).toEqual({
      rfp_name: BID_MESSAGES.rfpNameRequired,
      project_duration: BID_MESSAGES.durationRequired,
      company_id: BID_MESSAGES.customerRequired,
    });
    expect(messages({ rfp_name: 'A', project_duration: '2026-03-09' })).toMatchObject({
      project_duration: BID_MESSAGES.durationBeforeToday,
      company_id: BID_MESSAGES.customerRequired,
    });
    expect(messages({ rfp_name: 'A', project_duration: '2026-03-10', company_id: 4, state: 'DC' })).toEqual(
      {},
    );
    expect(messages({ rfp_name: 'A', project_duration: '2026-03-10', company_id: 4, state: 'PR' })).toEqual({
      state: BID_MESSAGES.state,
    });
  });

  it('prefills the project without blocked characters, due on the project duration', () => {
    expect(
      bidProjectDefaults(
        { rfp_name: 'RFP #12: Feeders (2026)', project_duration: '2026-05-01' },
        '2026-03-10',
      ),
    ).toMatchObject({
      project_name: 'RFP 12 Feeders 2026',
      start_date: '2026-03-10',
      due_date: '2026-05-01',
      structure_assignment_type: 'ratio',
    });
  });

  it('completes a KMZ with a line name or a line field (not both) and a structure field', () => {
    expect(isKmzMappingComplete({ lineField: 'folder', structureField: 'name' })).toBe(true);
    expect(isKmzMappingComplete({ lineName: 'L1', structureField: 'name' })).toBe(true);
    expect(isKmzMappingComplete({ lineName: 'L1', lineField: 'folder', structureField: 'name' })).toBe(false);
    expect(isKmzMappingComplete({ lineField: 'folder', structureField: null })).toBe(false);
  });
});

describe('bid timeline', () => {
  const bids = [
    { created: '2026-03-09', company_id: 1, structures: 10 },
    { created: '2026-02-01', company_id: 2, structures: 5 },
    { created: '2025-10-01', company_id: 2, structures: 7 },
    { created: '2025-01-01', company_id: 3, structures: 1 },
  ];
  it('counts the bids, structures and customers of the last 3, 6 or 12 months', () => {
    expect(bidTimeline(bids, 3, '2026-03-10').totals).toEqual({ bids: 2, structures: 15, customers: 2 });
    expect(bidTimeline(bids, 6, '2026-03-10').totals).toEqual({ bids: 3, structures: 22, customers: 2 });
    expect(bidTimeline(bids, 12, '2026-03-10').totals).toEqual({ bids: 3, structures: 22, customers: 2 });
  });
  it('buckets weeks for a quarter and months for a year', () => {
    const quarter = bidTimeline(bids, 3, '2026-03-10');
    expect(quarter.buckets).toHaveLength(13);
    expect(quarter.buckets.at(-1)).toMatchObject({ bids: 1, structures: 10 });
    const year = bidTimeline(bids, 12, '2026-03-10');
    expect(year.buckets.map((b) => b.label)).toEqual([
      'Apr 25',
      'May 25',
      'Jun 25',
      'Jul 25',
      'Aug 25',
      'Sep 25',
      'Oct 25',
      'Nov 25',
      'Dec 25',
      'Jan 26',
      'Feb 26',
      'Mar 26',
    ]);
    expect(year.buckets.map((b) => b.bids)).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1]);
  });
});
