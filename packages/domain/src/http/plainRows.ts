/**
 * How one field of a row is checked: a JSON type (`?` also allows null; `int` a safe integer), or, for a
 * nested list, its schema (an empty list passes without it).
 */
export type FieldCheck =
  | 'int'
  | 'int?'
  | 'number'
  | 'number?'
  | 'string'
  | 'string?'
  | { list: { safeParse(input: unknown): { success: boolean } } };

const accepts = (check: FieldCheck, value: unknown): boolean => {
  switch (check) {
    case 'int':
      return Number.isSafeInteger(value);
    case 'int?':
      return value === null || Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'number?':
      return value === null || (typeof value === 'number' && Number.isFinite(value));
    case 'string':
      return typeof value === 'string';
    case 'string?':
      return value === null || typeof value === 'string';
    default:
      return Array.isArray(value) && (value.length === 0 || check.list.safeParse(value).success);
  }
};

/**
 * `input` as a list of rows when every row has exactly `fields` and each passes its check, else null. For
 * the web's large answers (tens of thousands of rows), where the schema's value-by-value checks cost a few
 * hundred ms: callers give a null answer to the schema, so a bad answer fails with the schema's own error.
 * Only for row schemas whose checks the fields say completely (no refinements, defaults or transforms).
 */
export function plainRows<T>(input: unknown, fields: Readonly<Record<string, FieldCheck>>): T[] | null {
  if (!Array.isArray(input)) return null;
  const names = Object.keys(fields);
  for (const row of input) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
    const r = row as Record<string, unknown>;
    // Exactly the schema's fields: a row with more goes through the schema, which drops them.
    if (Object.keys(r).length !== names.length) return null;
    for (const name of names) if (!accepts(fields[name]!, r[name])) return null;
  }
  return input as T[];
}
