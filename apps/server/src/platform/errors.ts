/** An error with a stable machine code; the global handler turns it into `{code, message}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request', extra?: Record<string, unknown>) =>
  new AppError(400, code, message, extra);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You may not do this') => new AppError(403, 'forbidden', message);
/** Objects the caller may not see answer 404 too, so their existence is not revealed. */
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many attempts. Try again later.', { retryAfterSeconds });
