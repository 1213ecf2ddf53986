import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@repolog/contract/errors';
import { AppError } from '../errors.js';

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
}

/** The SQLSTATE of a database error; Drizzle wraps driver errors and keeps them as `cause`. */
const pgCode = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as PgLikeError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** Invalid text or numbers that reached the database: the client's input, so a 400. */
const BAD_VALUE_CODES = new Set(['22P02', '22003', '22021', '22P05', '22007', '22008']);

/** Turns a zod issue path and message into one readable sentence naming the field. */
function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    if (first) {
      const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const where = error.validationContext ?? 'request';
      return field ? `${where}.${field}: ${first.message}` : `${where}: ${first.message}`;
    }
  }
  return error.message;
}

/**
 * The single place errors become HTTP. AppErrors carry their own status; validation and
 * malformed bodies are 400; database constraint violations are 409/400; anything else is a
 * 500 whose body never reveals internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    let status = 500;
    let body: ErrorBody = {
      error: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    };

    if (error instanceof AppError) {
      status = error.status;
      body = { error: error.code, message: error.message };
    } else if (error.validation) {
      status = 400;
      body = { error: 'validation_failed', message: describeValidation(error) };
    } else if (pgCode(error) === '23505') {
      status = 409;
      body = { error: 'conflict', message: 'That already exists.' };
    } else if (pgCode(error) === '23503') {
      status = 409;
      body = { error: 'conflict', message: 'A related record no longer exists.' };
    } else if (BAD_VALUE_CODES.has(pgCode(error) ?? '')) {
      status = 400;
      body = {
        error: 'bad_request',
        message: 'A value in the request is out of range or malformed.',
      };
    } else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      const code =
        status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : status === 401
                ? 'unauthenticated'
                : status === 403
                  ? 'forbidden'
                  : status === 404
                    ? 'not_found'
                    : 'bad_request';
      body = { error: code, message: error.message };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.error }, body.message);
    void reply.status(status).send(body);
  });
}
