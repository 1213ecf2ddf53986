import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCommentSchema } from '@repolog/contract/comments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFound } from '../errors.js';
import { rateLimitError, registerErrorHandler } from './error-handler.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false, bodyLimit: 1024 });
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => rateLimitError(context.ttl),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/comment', { schema: { body: createCommentSchema } }, () => ({ ok: true }));
  app.get('/missing', () => {
    throw notFound('comments.notFound', { commentId: 7 });
  });
  app.get('/broken', () => {
    throw new Error('secret internals');
  });
  app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, () => 'ok');
});
afterAll(() => app.close());

const post = (payload: string, type = 'application/json') =>
  app.inject({ method: 'POST', url: '/comment', headers: { 'content-type': type }, payload });

describe('every error answer has a key', () => {
  it("an AppError's: its key, params and English text", async () => {
    const res = await app.inject({ url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: 'There is no comment with id 7.',
      key: 'comments.notFound',
      params: { commentId: 7 },
    });
  });

  it("a failed schema check's: the check's key, and the field apart", async () => {
    const res = await post(JSON.stringify({ articleId: 3, content: '   ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: 'body.content: content is required',
      key: 'validation.content.required',
      params: {},
      field: 'body.content',
    });
    const id = await post(JSON.stringify({ articleId: 'x', content: 'hi' }));
    expect(id.json()).toEqual({
      error: 'validation_failed',
      message: 'body.articleId: articleId must be a number',
      key: 'validation.notNumber',
      params: { name: 'articleId' },
      field: 'body.articleId',
    });
  });

  it("the framework's refusals: malformed or empty JSON, too large, an unknown type", async () => {
    const cases: [string, string, number, string, string][] = [
      ['{"broken": ', 'application/json', 400, 'http.invalidJson', 'Body is not valid JSON'],
      ['', 'application/json', 400, 'http.emptyJson', 'Body cannot be empty'],
      [`"${'x'.repeat(2000)}"`, 'application/json', 413, 'http.bodyTooLarge', 'Request body'],
      ['<a/>', 'application/xml', 415, 'http.unsupportedMediaType', 'Unsupported Media Type'],
    ];
    for (const [payload, type, status, key, english] of cases) {
      const res = await post(payload, type);
      expect(res.statusCode, key).toBe(status);
      expect(res.json(), key).toMatchObject({ key, params: {} });
      expect(res.json<{ message: string }>().message, key).toContain(english);
    }
  });

  it("the rate limiter's 429, in its own words", async () => {
    expect((await app.inject({ url: '/limited' })).statusCode).toBe(200);
    const res = await app.inject({ url: '/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'rate_limited',
      message: 'Rate limit exceeded, retry in 1 minute',
      key: 'http.rateLimited.minute',
      params: { count: 1 },
    });
  });

  it('a 500: a key and a sentence, never the internals', async () => {
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'internal',
      message: 'Something went wrong on our side. Please try again.',
      key: 'http.internal',
      params: {},
    });
  });
});
