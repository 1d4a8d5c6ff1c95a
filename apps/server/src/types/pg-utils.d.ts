// node-postgres' own conversion of a query parameter to what it sends (no types are published for it).
declare module 'pg/lib/utils.js' {
  /** A value as node-postgres writes it into Bind: text, bytes (sent in binary), or null. */
  export function prepareValue(value: unknown): string | Buffer | null;
  const utils: { prepareValue: typeof prepareValue };
  export default utils;
}
