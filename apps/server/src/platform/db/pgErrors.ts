/**
 * What a database error means to the caller, read from PostgreSQL's SQLSTATE (or the socket error behind
 * it). drizzle wraps driver errors in `DrizzleQueryError` with the original as `cause`, so the chain is walked.
 */

/** The SQLSTATE of the first error in the cause chain that carries one, or the socket error code. */
export function databaseErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const messageChain = (err: unknown): string => {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    parts.push(String((e as { message?: unknown }).message ?? ''));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
};

/** 40P01 deadlock_detected, 40001 serialization_failure: the transaction may simply be run again. */
export function isRetryableTransactionError(err: unknown): boolean {
  const code = databaseErrorCode(err);
  return code === '40P01' || code === '40001';
}

/** Socket-level failures of node-postgres and node:net while reaching the server. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * The database cannot be reached right now: refused or dropped connections, a server shutting down or
 * starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), any connection
 * exception (class 08), or a database that does not accept connections (55000 from ALLOW_CONNECTIONS false
 * reads `… is not currently accepting connections`). The request may succeed later: answer 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = databaseErrorCode(err);
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03'))
    return true;
  if (code && UNREACHABLE_SOCKET_CODES.has(code)) return true;
  const message = messageChain(err);
  return (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(message) ||
    /Client has encountered a connection error|is not currently accepting connections/i.test(message)
  );
}
