import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { apiRoutes, openApiPath } from '../testing/route-list';
import { BEARER_SCHEME } from './api-contract';
import { API_DOCS_PATH, OPENAPI_PATH } from './openapi';

type Operation = {
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  parameters?: Array<{ name: string; in: string }>;
};
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

/** The document itself and the reference pages describe the API; they are not part of it. */
const isReference = (url: string): boolean => url === OPENAPI_PATH || url.startsWith(`${API_DOCS_PATH}/`);

describe('the OpenAPI document', () => {
  let sut: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    sut = await createTestApp();
    const res = await sut.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await sut?.close();
  });

  const documented = () => apiRoutes(sut.app.registeredRoutes()).filter((route) => !isReference(route.url));

  it('is OpenAPI 3.1 with a bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes[BEARER_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every registered API route, with its access rule as its security', () => {
    const routes = documented();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is missing from ${OPENAPI_PATH}`).toBeDefined();
      expect([route.url, operation!.security]).toEqual([
        route.url,
        route.access === 'signed-in' ? [{ [BEARER_SCHEME]: [] }] : [],
      ]);
    }
  });

  it('lists each route’s error answers: 401 when signed-in, 400 with input, 404 with a path id', () => {
    for (const route of documented()) {
      const operation = doc.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      const statuses = Object.keys(operation.responses ?? {});
      const label = `${route.method} ${route.url}`;
      expect(statuses, label).toContain('500');
      if (route.access === 'signed-in') expect(statuses, label).toContain('401');
      if (operation.requestBody) expect(statuses, label).toContain('400');
      if (operation.parameters?.some((parameter) => parameter.in === 'path')) {
        expect(statuses, label).toContain('404');
      }
    }
  });

  it('documents nothing that is not served', () => {
    const served = new Set(documented().map((route) => `${route.method} ${openApiPath(route.url)}`));
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        expect(served.has(`${method.toUpperCase()} ${path}`), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('serves a readable reference at /api/docs', async () => {
    const res = await sut.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
