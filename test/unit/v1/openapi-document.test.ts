import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/api/routes.js';
import { buildV1OpenApiDocument } from '../../../shared/api/v1/openapi-document.js';
import { V1_OPERATIONS } from '../../../shared/api/v1/operations.js';

const v1Routes = ROUTES.filter((route) => route.area === 'v1');

type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

const operationOf = (doc: ReturnType<typeof buildV1OpenApiDocument>, method: string, path: string): Operation =>
  (doc.paths as Record<string, Record<string, Operation>>)[path]![method.toLowerCase()]!;

describe('the public API document', () => {
  const doc = buildV1OpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(doc)) as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has an operation table entry for every /api/v1 route row, and no other', () => {
    expect(v1Routes.length).toBeGreaterThan(0);
    // Nothing is served under /api/v1 outside the v1 area, so nothing there is missing from the document.
    expect(ROUTES.filter((route) => route.path.startsWith('/api/v1/') && route.area !== 'v1').map((route) => route.name)).toEqual([]);
    // Every v1-area row is served under /api/v1 by a key (or is the public document).
    for (const route of v1Routes) {
      expect(route.path.startsWith('/api/v1/')).toBe(true);
      expect(route.access === 'key' || route.name === 'v1OpenApiDocument').toBe(true);
    }
    expect(Object.keys(V1_OPERATIONS).sort()).toEqual(v1Routes.map((route) => route.name).sort());
  });

  it('describes every v1 route with an example answer and the errors as problem documents', () => {
    for (const route of v1Routes) {
      const op = operationOf(doc, route.method, route.path);
      expect(op.operationId).toBe(route.name);
      const [status, success] = Object.entries(op.responses).find(([code]) => code.startsWith('2'))!;
      if (status !== '204') expect(success.content?.['application/json']?.example).toBeDefined();
      for (const [code, answer] of Object.entries(op.responses)) {
        if (Number(code) >= 400) expect(Object.keys(answer.content ?? {})).toEqual(['application/problem+json']);
      }
    }
  });

  it('asks for the bearer key on every signed-in route, and documents Idempotency-Key on each POST', () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of v1Routes) {
      const op = operationOf(doc, route.method, route.path);
      expect(op.security).toEqual(route.access === 'public' ? [] : [{ bearer: [] }]);
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headers).toEqual(route.method === 'POST' ? ['Idempotency-Key'] : []);
    }
  });
});
