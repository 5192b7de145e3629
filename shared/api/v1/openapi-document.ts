/**
 * Builds the OpenAPI 3.1 document of the public API from its two sources (docs/api.md "One source"):
 * the `/api/v1` rows of the route table (method, path, who may call) and the operation table
 * (schemas, summary, example). Nothing here is written by hand per route.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { ROUTES, type Route } from '../routes.js';
import { V1_OPERATIONS, type V1Operation, type V1RouteName } from './operations.js';
import { V1Problem } from './schemas.js';

/** The version of the public API the document describes; changes only with a new /api/v2. */
export const V1_API_VERSION = '1.0.0';

const PROBLEM_CONTENT = { 'application/problem+json': { schema: V1Problem } } as const;

/** The RateLimit headers every authenticated answer carries (docs/api.md "Rate limits"). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests the key may make in the current window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window starts afresh.', schema: { type: 'integer' } },
} as const;

const problem = (description: string) => ({ description, content: PROBLEM_CONTENT, headers: RATE_LIMIT_HEADERS });

const PathId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/).meta({ description: 'The resource id (a ULID).', example: '01HZ3N9RTQ9B6Q8Z5M5XG7QFBC' });

/** The OpenAPI path of a route: API Gateway's `{id}` syntax is already OpenAPI's. */
const v1Routes = (): Route[] => ROUTES.filter((route) => route.area === 'v1');

const operationOf = (route: Route, op: V1Operation): ZodOpenApiOperationObject => {
  const signedIn = route.access !== 'public';
  const hasId = route.path.includes('{id}');
  const mutates = route.method !== 'GET';
  const success =
    op.success.status === 204
      ? { description: op.success.description, headers: signedIn ? RATE_LIMIT_HEADERS : undefined }
      : {
          description: op.success.description,
          headers: signedIn ? RATE_LIMIT_HEADERS : undefined,
          content: { 'application/json': { schema: op.success.schema, example: op.success.example } },
        };
  return {
    operationId: route.name,
    summary: op.summary,
    tags: [op.tag],
    ...(signedIn
      ? { security: [{ bearer: [] }], description: route.role === 'viewer' ? 'Any key of the workspace (read or write).' : 'Needs a write key.' }
      : { security: [] }),
    requestParams: {
      ...(hasId ? { path: z.object({ id: PathId }) } : {}),
      ...(op.query ? { query: op.query as z.ZodObject } : {}),
      ...(route.method === 'POST'
        ? { header: z.object({ 'Idempotency-Key': z.string().max(255).optional().meta({ description: 'Send the same key again to get the first answer again instead of acting twice.', example: '9f1c2a7e-create-shop' }) }) }
        : {}),
    },
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    responses: {
      [String(op.success.status)]: success,
      ...(op.body || op.query ? { '400': problem('The input is not valid; `errors` names each field.') } : {}),
      ...(signedIn
        ? {
            '401': problem('No key, or a key that is revoked or unknown.'),
            '403': problem('A read key on a call that changes something, a plan without API access, or a plan limit (its monitor limit, say).'),
            '429': { ...problem('Too many requests; wait for Retry-After seconds.'), headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } },
          }
        : {}),
      ...(hasId ? { '404': problem('No such resource in this workspace.') } : {}),
      ...(mutates && signedIn ? { '409': problem('The resource is not in a state that allows this.') } : {}),
    },
  };
};

/** The whole document, served at GET /api/v1/openapi.json; `serverUrl` is the site's own address. */
export const buildV1OpenApiDocument = (serverUrl = '/') => {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of v1Routes()) {
    const op = V1_OPERATIONS[route.name as V1RouteName];
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'] = operationOf(route, op);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Upwatch API',
      version: V1_API_VERSION,
      description: 'Monitors, their checks and uptime, incidents, maintenance windows and alert channels of one workspace. Authenticate with an API key (Settings -> API).',
    },
    servers: [{ url: serverUrl }],
    tags: [{ name: 'Monitors' }, { name: 'Incidents' }, { name: 'Maintenance windows' }, { name: 'Status pages' }, { name: 'Channels' }, { name: 'Document' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'uw_...', description: 'An API key of the workspace: `Authorization: Bearer uw_...`.' },
      },
    },
    paths,
  });
};
