import { ERROR_STATUS, type ErrorCode, type ValidationIssue } from '@linewalker/domain';

/**
 * An error with a code from the domain's catalogue (`ERROR_STATUS` gives its HTTP status); the global
 * handler turns it into `{code, message, issues?, requestId}`. Throw it through the factories below.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Fields added to the body (e.g. `issues`, `files`), or `retryAfterSeconds` for the header. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** One factory per kind of failure; `code` narrows to the catalogue's codes of that status. */
export type CodeOf<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never;
}[ErrorCode];

export const validationFailed = (issues: ValidationIssue[]) =>
  new AppError('validation_failed', issues.map((i) => `${i.path}: ${i.message}`).join('; '), { issues });
export const badRequest = (
  message: string,
  code: CodeOf<400> = 'bad_request',
  extra?: Record<string, unknown>,
) => new AppError(code, message, extra);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
export const forbidden = (message = 'You may not do this', code: CodeOf<403> = 'forbidden') =>
  new AppError(code, message);
/** Objects the caller may not see answer 404 too, so their existence is not revealed. */
export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const conflict = (message: string, code: CodeOf<409> = 'conflict') => new AppError(code, message);
export const tooLarge = (message = 'File is too large') => new AppError('too_large', message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('rate_limited', 'Too many attempts. Try again later.', { retryAfterSeconds });
export const serviceUnavailable = (retryAfterSeconds: number) =>
  new AppError('service_unavailable', 'The service is briefly unavailable. Try again in a moment.', {
    retryAfterSeconds,
  });
