import type { FastifyInstance } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/**
 * How responses are written. Every route's response schema is a zod schema from the contract.
 * - fast (the server's default): the zod schema becomes a JSON Schema once, at start, and
 *   fast-json-stringify compiles it; only declared fields are written, so nothing internal leaks.
 * - validating (the tests): each response is checked against the zod schema before it is
 *   written, so every API test also proves the contract's shapes.
 */
export function registerSerializer(app: FastifyInstance, mode: 'fast' | 'validating'): void {
  if (mode === 'validating') {
    app.setSerializerCompiler(zodSerializerCompiler);
    return;
  }
  app.setSerializerCompiler(({ schema }) => {
    const jsonSchema = z.toJSONSchema(schema as ZodType, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'any',
    });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    return (data) => stringify(data);
  });
}
