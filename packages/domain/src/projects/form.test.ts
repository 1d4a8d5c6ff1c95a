import { describe, expect, it } from 'vitest';
import { ProjectCreateRequest, ProjectUpdateRequest, projectFormSchema } from './form.ts';
import {
  BLOCKED_NAME_CHARS,
  datesNotPastIssues,
  photoLimitAllowed,
  photoLimitOptions,
  projectFormDefaults,
  stripBlockedChars,
} from './rules.ts';

const TODAY = '2024-05-10';
const create = projectFormSchema({ mode: 'create', today: TODAY });
const edit = projectFormSchema({ mode: 'edit', today: TODAY });

const valid = {
  ...projectFormDefaults(TODAY),
  company_id: 3,
  ptype_id: 2,
  project_name: 'Ohio River 138kV',
  closest_city: 'Cincinnati',
};

/** The messages per field of a failed parse. */
function messages(
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  const out: Record<string, string[]> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const key = issue.path.join('.');
    if (!out[key]) out[key] = [];
    out[key].push(issue.message);
  }
  return out;
}

describe('projectFormDefaults', () => {
  it('follows spec 1 §9', () => {
    expect(projectFormDefaults(TODAY)).toEqual({
      company_id: -1,
      ptype_id: -1,
      project_name: '',
      closest_city: '',
      start_date: '2024-05-10',
      due_date: '2024-05-16',
      num_pilots: 1,
      structure_assignment_type: 'dueDate',
      inspection_type: '0',
      photo_limit: -1,
      ptier_id: 2,
      pilot_struct_day: null,
    });
  });

  it('shows every required message on the untouched form', () => {
    expect(messages(create, projectFormDefaults(TODAY))).toEqual({
      company_id: ['Must select a customer.'],
      ptype_id: ['Must select a type.'],
      project_name: ['Project Name is required.'],
      closest_city: ['Closest City is required.'],
    });
  });
});

describe('projectFormSchema (create)', () => {
  it('accepts a complete form and trims the names', () => {
    const parsed = create.parse({
      ...valid,
      project_name: '  Ohio River 138kV ',
      closest_city: ' Cincinnati ',
    });
    expect(parsed.project_name).toBe('Ohio River 138kV');
    expect(parsed.closest_city).toBe('Cincinnati');
  });

  it('uses the customer and type messages of the spec', () => {
    expect(messages(create, { ...valid, company_id: null, ptype_id: undefined })).toEqual({
      company_id: ['Customer is required.'],
      ptype_id: ['Type is required.'],
    });
    expect(messages(create, { ...valid, company_id: 0, ptype_id: 1.5 })).toEqual({
      company_id: ['Must select a customer.'],
      ptype_id: ['Must select a type.'],
    });
  });

  it('limits the project name to 2..50 characters', () => {
    expect(messages(create, { ...valid, project_name: 'A' })).toEqual({
      project_name: ['Minimum character is 2.'],
    });
    expect(messages(create, { ...valid, project_name: 'A'.repeat(51) })).toEqual({
      project_name: ['Maximum character is 50.'],
    });
    expect(messages(create, { ...valid, project_name: '   ' })).toEqual({
      project_name: ['Project Name is required.'],
    });
    expect(create.safeParse({ ...valid, project_name: 'AB' }).success).toBe(true);
    expect(create.safeParse({ ...valid, project_name: 'A'.repeat(50) }).success).toBe(true);
  });

  it("limits the closest city to 2..50 characters with the spec's lower-case 'maximum'", () => {
    expect(messages(create, { ...valid, closest_city: 'X' })).toEqual({
      closest_city: ['Minimum character is 2.'],
    });
    expect(messages(create, { ...valid, closest_city: 'X'.repeat(51) })).toEqual({
      closest_city: ['maximum character is 50.'],
    });
    expect(messages(create, { ...valid, closest_city: '' })).toEqual({
      closest_city: ['Closest City is required.'],
    });
  });

  it('refuses blocked characters in both names', () => {
    const m = messages(create, { ...valid, project_name: 'North-South', closest_city: 'St. Louis' });
    expect(m.project_name?.[0]).toMatch(/^These characters are not allowed: ! \* ' \( \)/);
    expect(m.closest_city).toHaveLength(1);
  });

  it('refuses start and end dates before today, and missing dates', () => {
    expect(messages(create, { ...valid, start_date: '2024-05-09', due_date: '2024-05-09' })).toEqual({
      start_date: ['Start date cannot be before today.'],
      due_date: ['End date cannot be before today.'],
    });
    expect(messages(create, { ...valid, start_date: '', due_date: null })).toEqual({
      start_date: ['Start Date is required.'],
      due_date: ['End Date is required.'],
    });
    expect(create.safeParse({ ...valid, start_date: TODAY, due_date: TODAY }).success).toBe(true);
  });

  it('needs no end date for ratio projects', () => {
    expect(create.safeParse({ ...valid, structure_assignment_type: 'ratio', due_date: null }).success).toBe(
      true,
    );
  });

  it('refuses an end date before the start date and malformed dates', () => {
    expect(messages(create, { ...valid, start_date: '2024-06-10', due_date: '2024-06-01' })).toEqual({
      due_date: ['End date cannot be before start date.'],
    });
    expect(messages(create, { ...valid, start_date: '05/10/2024', due_date: '2024-02-30' })).toEqual({
      start_date: ['Enter a date as YYYY-MM-DD.'],
      due_date: ['Enter a date as YYYY-MM-DD.'],
    });
  });

  it('shows date rules even while other fields are still unset', () => {
    expect(messages(create, { ...valid, company_id: null, start_date: '2024-01-01' })).toEqual({
      company_id: ['Customer is required.'],
      start_date: ['Start date cannot be before today.'],
    });
  });

  it('refuses No Limit on tier 1 and photo limits outside No Limit and 1..8', () => {
    expect(messages(create, { ...valid, ptier_id: 1, photo_limit: -1 })).toEqual({
      photo_limit: ['No Limit is not available for this tier. Choose a photo limit from 1 to 8.'],
    });
    expect(create.safeParse({ ...valid, ptier_id: 1, photo_limit: 8 }).success).toBe(true);
    expect(messages(create, { ...valid, photo_limit: 9 })).toEqual({
      photo_limit: ['Choose No Limit or a photo limit from 1 to 8.'],
    });
    expect(messages(create, { ...valid, photo_limit: 0 })).toHaveProperty('photo_limit');
  });
});

describe('projectFormSchema (edit)', () => {
  it('drops the not-before-today rules', () => {
    expect(edit.safeParse({ ...valid, start_date: '2020-01-01', due_date: '2020-03-01' }).success).toBe(true);
  });

  it('still needs real dates, end not before start', () => {
    expect(messages(edit, { ...valid, start_date: '', due_date: '2020-03-01' })).toEqual({
      start_date: ['Start Date is required.'],
    });
    expect(messages(edit, { ...valid, start_date: '2020-03-02', due_date: '2020-03-01' })).toEqual({
      due_date: ['End date cannot be before start date.'],
    });
  });
});

describe('blocked characters', () => {
  it('lists the 31 characters of the spec', () => {
    expect(BLOCKED_NAME_CHARS.join('')).toBe('!*\'();:@&-=+$,/?%#"[]_<>.^{}|~`');
  });

  it('strips them from typed or pasted text, keeping letters, digits, spaces and accents', () => {
    expect(stripBlockedChars("St. Mary's (North) - 138kV #2 ~ Zürich")).toBe(
      'St Marys North  138kV 2  Zürich',
    );
    expect(stripBlockedChars(BLOCKED_NAME_CHARS.join(''))).toBe('');
  });
});

describe('photo limits', () => {
  it('offers No Limit and 1..8, No Limit disabled on tier 1', () => {
    expect(photoLimitOptions(2).map((o) => [o.label, o.disabled])).toEqual([
      ['No Limit', false],
      ['1', false],
      ['2', false],
      ['3', false],
      ['4', false],
      ['5', false],
      ['6', false],
      ['7', false],
      ['8', false],
    ]);
    expect(photoLimitOptions(1)[0]).toEqual({ value: -1, label: 'No Limit', disabled: true });
    expect(photoLimitAllowed(-1, 1)).toBe(false);
    expect(photoLimitAllowed(-1, 2)).toBe(true);
    expect(photoLimitAllowed(3, 1)).toBe(true);
  });
});

describe('API payloads', () => {
  const kmz = {
    url: 'uploads/csv/a.csv',
    name: 'a.csv',
    latField: 'lat',
    lonField: 'lon',
    lineNameField: 'Line',
    structNumField: 'Structure',
  };

  it('POST /api/v1/projects takes the spec fields with an optional id and the kmzs', () => {
    const body = { ...valid, id: null, kmzs: [kmz] };
    const parsed = ProjectCreateRequest.parse(body);
    expect(parsed.kmzs).toEqual([kmz]);
    expect(ProjectCreateRequest.parse({ ...valid }).kmzs).toEqual([]);
  });

  it('the server refuses No Limit with tier 1 and an end before the start', () => {
    const r = ProjectCreateRequest.safeParse({
      ...valid,
      ptier_id: 1,
      photo_limit: -1,
      due_date: '2024-05-01',
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['due_date', 'End date cannot be before start date.'],
      ['photo_limit', 'No Limit is not available for this tier. Choose a photo limit from 1 to 8.'],
    ]);
  });

  it('PUT /api/v1/projects/upsert needs the id', () => {
    expect(ProjectUpdateRequest.safeParse({ ...valid }).success).toBe(false);
    expect(ProjectUpdateRequest.parse({ ...valid, id: 7 }).id).toBe(7);
  });

  it('datesNotPastIssues gives the server the create-only date rule', () => {
    expect(datesNotPastIssues({ ...valid, start_date: '2024-05-09' }, TODAY)).toEqual([
      { path: 'start_date', message: 'Start date cannot be before today.' },
    ]);
    expect(
      datesNotPastIssues({ ...valid, structure_assignment_type: 'ratio', due_date: '2020-01-01' }, TODAY),
    ).toEqual([]);
  });
});
