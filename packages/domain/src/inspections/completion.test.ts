import { describe, expect, it } from 'vitest';
import {
  ASSET_FIELDS,
  CompleteInspectionRequest,
  completionDialogTitle,
  DropdownCompletionData,
  INSPECTION_MESSAGES,
  StructureCompletionData,
} from './completion.ts';

const complete = {
  strType: 'Tangent',
  armType: 'Steel',
  armQty: 2,
  anchorQty: 4,
  guyQty: 4,
  insulatorType: 'Polymer',
  condSleeveQty: 0,
  inspector: 'J. Rivera',
  comments: 'Bird nest on arm 2',
};

const messages = (r: { error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('StructureCompletionData', () => {
  it('accepts a complete form; insulator type and comments are optional', () => {
    expect(StructureCompletionData.parse(complete)).toEqual(complete);
    const { insulatorType: _i, comments: _c, ...required } = complete;
    expect(StructureCompletionData.safeParse(required).success).toBe(true);
  });

  it('requires STR Type, Arm Type, the four quantities and Inspector', () => {
    expect(messages(StructureCompletionData.safeParse({ insulatorType: 'Glass' }))).toEqual([
      'STR Type is required.',
      'Arm Type is required.',
      'Arm Quantity is required.',
      'Anchor Quantity is required.',
      'Guy Quantity is required.',
      'Conductor Sleeve Quantity is required.',
      'Inspector is required.',
    ]);
    expect(messages(StructureCompletionData.safeParse({ ...complete, strType: '  ' }))).toEqual([
      'STR Type is required.',
    ]);
  });

  it('limits Arm Quantity to 0..10 and Anchor Quantity to 0..16', () => {
    expect(StructureCompletionData.safeParse({ ...complete, armQty: 10, anchorQty: 16 }).success).toBe(true);
    expect(StructureCompletionData.safeParse({ ...complete, armQty: 0, anchorQty: 0 }).success).toBe(true);
    expect(messages(StructureCompletionData.safeParse({ ...complete, armQty: 11, anchorQty: 17 }))).toEqual([
      'Arm Quantity must be between 0 and 10.',
      'Anchor Quantity must be between 0 and 16.',
    ]);
    expect(messages(StructureCompletionData.safeParse({ ...complete, armQty: -1, guyQty: 1.5 }))).toEqual([
      'Arm Quantity must be between 0 and 10.',
      'Guy Quantity must be a whole number.',
    ]);
  });

  it('accepts only Ceramic, Glass or Polymer insulators', () => {
    expect(messages(StructureCompletionData.safeParse({ ...complete, insulatorType: 'Porcelain' }))).toEqual([
      'Choose Ceramic, Glass or Polymer.',
    ]);
  });
});

describe('DropdownCompletionData', () => {
  it('offers Asset Material 1..5 and Asset Type 6..9', () => {
    expect(ASSET_FIELDS.map((f) => [f.label, f.options.map((o) => `${o.valueId} ${o.label}`)])).toEqual([
      ['Asset Material', ['1 Steel', '2 Weathering Steel', '3 Wood', '4 Concrete', '5 SAE']],
      ['Asset Type', ['6 Monopole', '7 Lattice', '8 H Frame', '9 Guyed']],
    ]);
  });

  it('needs both dropdowns, each with one of its own options', () => {
    const ok = {
      field_values: [
        { field_id: 1, value_id: 3 },
        { field_id: 2, value_id: 8 },
      ],
    };
    expect(DropdownCompletionData.safeParse(ok).success).toBe(true);
    expect(messages(DropdownCompletionData.safeParse({ field_values: [] }))).toEqual([
      'Asset Material is required.',
      'Asset Type is required.',
    ]);
    expect(
      messages(
        DropdownCompletionData.safeParse({
          field_values: [
            { field_id: 1, value_id: 6 },
            { field_id: 2, value_id: 9 },
          ],
        }),
      ),
    ).toEqual(['Asset Material is required.']);
    expect(
      messages(
        DropdownCompletionData.safeParse({
          field_values: [
            { field_id: 3, value_id: 1 },
            { field_id: 2, value_id: 9 },
          ],
        }),
      ),
    ).toEqual(['Asset Material is required.', 'Unknown field.']);
  });
});

describe('CompleteInspectionRequest', () => {
  it('carries either variant plus the component', () => {
    expect(CompleteInspectionRequest.parse({ data: complete, component: null }).data).toEqual(complete);
    const dropdown = {
      field_values: [
        { field_id: 1, value_id: 1 },
        { field_id: 2, value_id: 6 },
      ],
    };
    expect(CompleteInspectionRequest.parse({ data: dropdown, component: 12 }).component).toBe(12);
    expect(CompleteInspectionRequest.safeParse({ data: { strType: 'x' } }).success).toBe(false);
  });

  it('has the failure alert and titles word for word', () => {
    expect(INSPECTION_MESSAGES.saveFailed).toBe(
      'Could not save inspection. Please contact support or try again later',
    );
    expect(completionDialogTitle(null)).toBe('Complete Inspection');
    expect(completionDialogTitle('2024-05-01')).toBe('Completed Inspection');
  });
});
