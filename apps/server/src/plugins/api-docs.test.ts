import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';

interface Operation {
  parameters?: { name: string; in: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
  tags?: string[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApiDocument>();
});
afterAll(() => t.close());

/** The API routes the app registered (not the docs' own, nor the web app's or the stand-in's). */
const apiRoutes = () =>
  t.app.routeCatalog.filter(
    (route) =>
      route.url.startsWith('/api/') && !route.schema?.hide && !route.url.startsWith('/api/docs'),
  );

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('lists every registered API route with its request and response schemas', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, where).toBeDefined();
      if (!operation) continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const parameters = operation.parameters ?? [];
      const pathParams = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      expect(
        parameters.filter((p) => p.in === 'path').map((p) => p.name),
        where,
      ).toEqual(pathParams);
      if (schema.querystring) {
        expect(
          parameters.some((p) => p.in === 'query'),
          where,
        ).toBe(true);
      }
      if (schema.body) {
        expect(operation.requestBody?.content['application/json']?.schema, where).toBeDefined();
      }
      if ((schema.response as Record<string, unknown> | undefined)?.['200']) {
        expect(operation.responses['200']?.content?.['application/json']?.schema, where).toEqual(
          expect.objectContaining({}),
        );
      }
    }
    // Nothing documented that the app does not serve.
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      routes.map((route) => `${route.method} ${openApiPath(route.url)}`).sort(),
    );
  });

  it('describes the contract’s shapes: fields, limits and the session requirement', () => {
    const create = doc.paths['/api/article']?.post;
    expect(create?.security).toEqual([{ session: [] }]);
    expect(create?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['blogId', 'title', 'content']) as string[],
      properties: { title: { type: 'string', maxLength: 200 } },
    });
    const list = doc.paths['/api/article/breakthrough']?.get;
    expect(list?.security).toBeUndefined();
    expect(list?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'size', 'q', 'lang']),
    );
    expect(list?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'array',
    });
  });
});

describe('GET /api/docs', () => {
  it('serves the interactive reference from this origin under its own policy', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const bundle = await t.request({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
    const json = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(doc);
  });
});
