import { errorStatus, type ErrorCode } from '@repolog/contract/errors';
import {
  formatMessage,
  toMessage,
  type Message,
  type MessageArgs,
  type MessageKey,
} from '@repolog/contract/messages';

/**
 * The one error type services throw: a code (the HTTP status) and a message of the contract's
 * catalogue, by key and params (`new AppError('not_found', 'blogs.notFound', { blogId })`);
 * `message` is its English text. The error handler answers `{error, message, key, params}`.
 */
export class AppError extends Error {
  readonly status: number;
  readonly key: MessageKey;
  readonly params: Message['params'];

  constructor(
    readonly code: ErrorCode,
    ...args: MessageArgs
  ) {
    const message = toMessage(...args);
    super(formatMessage(message));
    this.name = 'AppError';
    this.status = errorStatus[code];
    this.key = message.key;
    this.params = message.params;
  }

  /** An AppError of a message already made (a schema check's, say). */
  static of(code: ErrorCode, message: Message): AppError {
    return new AppError(code, ...([message.key, message.params] as MessageArgs));
  }
}

export const badRequest = (...args: MessageArgs) => new AppError('bad_request', ...args);
export const unauthenticated = (...args: MessageArgs) => new AppError('unauthenticated', ...args);
export const forbidden = (...args: MessageArgs) => new AppError('forbidden', ...args);
export const notFound = (...args: MessageArgs) => new AppError('not_found', ...args);
export const conflict = (...args: MessageArgs) => new AppError('conflict', ...args);
