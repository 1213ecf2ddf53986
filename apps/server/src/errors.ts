import { errorStatus, type ErrorCode } from '@repolog/contract/errors';

/** The one error type services throw; the error handler maps it to `{error, message}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError('unauthenticated', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
