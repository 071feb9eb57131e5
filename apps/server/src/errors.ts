/**
 * The closed set of errors a service may throw. The one error handler in app.ts maps them to
 * HTTP; anything else is a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError(400, message, extra);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const paymentRequired = (message = 'Insufficient credits') => new AppError(402, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message = 'Payload too large') => new AppError(413, message);
export const unprocessable = (message: string) => new AppError(422, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests') =>
  new AppError(429, message, { retryAfterSeconds });
