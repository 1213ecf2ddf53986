import type { MessageKey, MessageParam } from './messages';

/** Every error code the API answers with, and the HTTP status it travels with. */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  github_unavailable: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * The body of every error response: `error`, the code; `key` and `params`, the message
 * (./messages: a key of the catalogue and the values of its `{param}`s, where a value may be a
 * message itself); `message`, its English text filled in. A validation error names the field it
 * is about in `field` ("body.title"), and its `message` starts with it ("body.title: …").
 */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  key: MessageKey;
  params: Readonly<Record<string, MessageParam>>;
  field?: string;
}
