/** The same server URL pointed at another database. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A URL for administrative statements (CREATE/DROP DATABASE): the `postgres` database. */
export const adminUrl = (url: string): string => withDatabaseName(url, 'postgres');
