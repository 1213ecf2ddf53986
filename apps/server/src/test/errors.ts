import type { ErrorCode } from '@repolog/contract/errors';
import { formatMessage, toMessage, type MessageArgs } from '@repolog/contract/messages';

/** The body the API answers for an error of `code` with the catalogue's message `args`. */
export function errorBody(error: ErrorCode, ...args: MessageArgs) {
  const message = toMessage(...args);
  return { error, message: formatMessage(message), key: message.key, params: message.params };
}
