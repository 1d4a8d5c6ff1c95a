import { describe, expect, it } from 'vitest';
import { DashboardStructuresPage, parseDashboardStructuresPage } from './assetHealth.ts';

const row = (id: number) => ({
  asset_id: id,
  structure_id: id + 100,
  struct_num: `STR-${id}`,
  line_name: 'Line 1',
  line_num: null,
  company_id: 3,
  latitude: 46.2,
  longitude: -119.1,
  max_risk_level: id === 1 ? 4 : -2,
  issue_count: id === 1 ? 1 : 0,
  issues:
    id === 1
      ? [
          {
            annotation_id: 9,
            image_id: 8,
            project_id: 7,
            structure_id: 101,
            component: 'Insulator',
            deficiency: 'Broken',
            risk: 4,
          },
        ]
      : [],
  health_date: id === 1 ? '2026-05-01T10:00:00.000Z' : null,
  device_id: id === 2 ? 'dev-2' : null,
});

const answer = () => ({
  structures: [row(1), row(2), row(3)],
  summary: {
    total: 3,
    satisfactory: 0,
    minor: 0,
    significant: 0,
    urgent: 1,
    major: 0,
    not_inspected: 2,
    not_acquired: 0,
    pct_w_issue: 33.33,
  },
  total: 3,
});

describe('parseDashboardStructuresPage', () => {
  it('reads a good answer as the schema does', () => {
    const data = answer();
    expect(parseDashboardStructuresPage(data)).toEqual(DashboardStructuresPage.parse(data));
    // The rows are checked in place, not copied value by value as the schema does.
    expect(parseDashboardStructuresPage(data).structures[0]).toBe(data.structures[0]);
  });

  it('drops unknown fields as the schema does', () => {
    const data = { ...answer(), extra: 1 };
    (data.structures[1] as Record<string, unknown>).extra = 'x';
    expect(parseDashboardStructuresPage(data)).toEqual(DashboardStructuresPage.parse(data));
    expect(parseDashboardStructuresPage(data).structures[1]).not.toHaveProperty('extra');
  });

  type Answer = ReturnType<typeof answer>;
  type Loose = Record<string, unknown>;
  const broken: Array<[string, (data: Answer) => unknown]> = [
    ['a fractional asset id', (d) => (d.structures[0]!.asset_id = 1.5)],
    ['a latitude given as text', (d) => ((d.structures[1] as Loose).latitude = '46.2')],
    ['a missing longitude', (d) => delete (d.structures[2] as Loose).longitude],
    ['an issue without its risk', (d) => delete (d.structures[0]!.issues[0] as Loose).risk],
    ['issues that are not a list', (d) => ((d.structures[1] as Loose).issues = {})],
    ['a device id given as a number', (d) => ((d.structures[2] as Loose).device_id = 5)],
    ['a summary without its total', (d) => delete (d.summary as Loose).total],
    ['no total', (d) => delete (d as Loose).total],
    ['no structures at all', (d) => delete (d as Loose).structures],
  ];

  it.each(broken)("refuses %s with the schema's own error", (_, breakIt) => {
    const data = answer();
    breakIt(data);
    const expected = DashboardStructuresPage.safeParse(data);
    expect(expected.success).toBe(false);
    expect(() => parseDashboardStructuresPage(data)).toThrow(expected.error!.message);
  });
});
