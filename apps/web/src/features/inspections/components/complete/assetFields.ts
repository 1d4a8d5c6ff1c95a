import { ASSET_FIELDS, type InspectionFieldOptions } from '@linewalker/domain';

export interface AssetField {
  fieldId: number;
  label: string;
  options: Array<{ value: string; label: string }>;
}

/**
 * The dropdowns of variant 3: as the server stores them when it answered, else the domain's copy of the
 * spec's list (spec 1 §3 'Field options'), so the form works while the options load or if they fail.
 */
export function assetFields(server: readonly InspectionFieldOptions[] | undefined): AssetField[] {
  if (server && server.length > 0) {
    return server.map((f) => ({
      fieldId: f.field_id,
      label: f.field_name,
      options: f.options.map((o) => ({ value: String(o.value_id), label: o.name })),
    }));
  }
  return ASSET_FIELDS.map((f) => ({
    fieldId: f.fieldId,
    label: f.label,
    options: f.options.map((o) => ({ value: String(o.valueId), label: o.label })),
  }));
}
