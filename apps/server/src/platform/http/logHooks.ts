import type { LoggerOptions } from 'pino';

const ERROR_LEVEL = 50;

/** A response stream that ended because the client went away (closed the tab, navigated on). */
const isClientAbort = (value: unknown): boolean =>
  value instanceof Error && value.message === 'premature close';

/**
 * @fastify/compress logs every failed response stream as an error, including the ordinary case of a
 * browser abandoning a large gzip answer half way (leaving the assignment tab while it loads). That is
 * not a server fault: it is logged at info, so error-level lines stay worth waking someone for.
 */
export const logHooks: NonNullable<LoggerOptions['hooks']> = {
  logMethod(args, method, level) {
    if (level === ERROR_LEVEL && isClientAbort(args[0])) {
      this.info({ reason: 'premature close' }, 'client closed the connection before the response ended');
      return;
    }
    method.apply(this, args);
  },
};
