import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@repolog/contract/errors';
import { formatMessage, type Message, type MessageKey } from '@repolog/contract/messages';
import { messageOfIssue } from '@repolog/contract/validation';
import { isForeignKeyViolation, pgCode } from '../db/pg-errors.js';
import { AppError } from '../errors.js';

/** Invalid text or numbers that reached the database: the client's input, so a 400. */
const BAD_VALUE_CODES = new Set(['22P02', '22003', '22021', '22P05', '22007', '22008']);

/** The framework's own refusals that have a key; their English is the framework's text. */
const FRAMEWORK_KEYS: Readonly<Record<string, MessageKey>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'http.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'http.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'http.lengthMismatch',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'http.emptyJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'http.invalidJson',
};

const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

const body = (error: ErrorCode, message: Message, field?: string): ErrorBody => {
  const text = formatMessage(message);
  return {
    error,
    message: field ? `${field}: ${text}` : text,
    key: message.key,
    params: message.params,
    ...(field ? { field } : {}),
  };
};

/** A schema check that failed: the field ("body.title"), and the key of the check's message. */
function describeValidation(error: FastifyError): ErrorBody {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    if (first) {
      const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const where = error.validationContext ?? 'request';
      return body(
        'validation_failed',
        messageOfIssue(first.message ?? error.message),
        field ? `${where}.${field}` : where,
      );
    }
  }
  return body('validation_failed', {
    key: 'validation.invalid',
    params: { detail: error.message },
  });
}

/** A refusal of the framework or a plugin: its key when it has one (with its very text). */
function frameworkMessage(error: FastifyError): Message {
  const key = error.code ? FRAMEWORK_KEYS[error.code] : undefined;
  if (key && formatMessage({ key, params: {} } as Message) === error.message) {
    return { key, params: {} } as Message;
  }
  return { key: 'http.rejected', params: { detail: error.message } };
}

/** The largest unit of a wait, as the rate limiter words it ("retry in 1 minute"). */
const WAIT_UNITS = [
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
] as const;

/**
 * The 429 of the rate limiter (@fastify/rate-limit's errorResponseBuilder), keyed by the unit of
 * the wait; the English is the limiter's own ("Rate limit exceeded, retry in 30 seconds").
 */
export function rateLimitError(ttlMs: number): AppError {
  const waitMs = Math.ceil(ttlMs / 1000) * 1000;
  for (const [size, unit] of WAIT_UNITS) {
    if (waitMs >= size) {
      const count = Math.round(waitMs / size);
      const key =
        count === 1
          ? (`http.rateLimited.${unit}` as const)
          : (`http.rateLimited.${unit}s` as const);
      return new AppError('rate_limited', key, { count });
    }
  }
  return new AppError('rate_limited', 'http.rateLimited.ms', { count: waitMs });
}

/**
 * The single place errors become HTTP: `{error, message, key, params}` (and `field` for a
 * failed schema check). AppErrors carry their own status and message; validation and malformed
 * bodies are 400; database constraint violations are 409/400; the framework's refusals keep
 * their status; anything else is a 500 whose body never reveals internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    let status = 500;
    let answer = body('internal', { key: 'http.internal', params: {} });

    if (error instanceof AppError) {
      status = error.status;
      answer = body(error.code, { key: error.key, params: error.params } as Message);
    } else if (error.validation) {
      status = 400;
      answer = describeValidation(error);
    } else if (pgCode(error) === '23505') {
      status = 409;
      answer = body('conflict', { key: 'http.alreadyExists', params: {} });
    } else if (isForeignKeyViolation(error)) {
      status = 409;
      answer = body('conflict', { key: 'http.relatedGone', params: {} });
    } else if (BAD_VALUE_CODES.has(pgCode(error) ?? '')) {
      status = 400;
      answer = body('bad_request', { key: 'http.badValue', params: {} });
    } else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      answer = body(CODE_OF_STATUS[status] ?? 'bad_request', frameworkMessage(error));
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: answer.error, key: answer.key }, answer.message);
    void reply.status(status).send(answer);
  });
}
