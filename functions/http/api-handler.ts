import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import { INTERNAL_ERROR_DETAIL, isAppError } from '../../shared/errors.js';
import { parseOrThrow } from '../../shared/validation.js';
import type { CallerContext } from '../services/context.js';
import { resolveCaller, type CallerRules } from './caller.js';
import { appendLogKeys, logger } from '../observability/logger.js';
import { recordApplicationError } from '../services/operations/record-application-error.js';
import { apiErrorReport } from './api-error-report.js';
import { runWithIdempotencyKey } from './idempotency-key.js';
import { withKeyRateHeaders } from './key-rate-limit.js';
import { readJsonBody } from './request-body.js';
import { errorResponse, json, type ApiEvent, type ApiResult } from './responses.js';

/**
 * The one wrapper every API route handler uses. It turns the event into parsed, typed input
 * (`body`, `query`, `ctx`), runs the route function, and maps whatever it throws to a response:
 * `AppError` -> its status and `{detail, code}`; anything else -> 500 with a generic detail, the
 * cause logged as one JSON line. Route functions therefore hold no try/catch.
 */

const SIGNED_IN = Symbol('signed-in route handler');

/** What a route handler module exports; the area entry dispatches to it. */
export type RouteHandler = ((event: ApiEvent, context?: Context) => Promise<ApiResult>) & {
  /** Set by `apiHandler`: the handler lets in only a caller `resolveCaller` accepts. */
  readonly [SIGNED_IN]?: true;
};

/** Whether `handler` was built by `apiHandler`, so it resolves and checks its caller. */
export const isSignedInHandler = (handler: RouteHandler): boolean => handler[SIGNED_IN] === true;

/** A body schema, nothing (`null`), or both a body and a query schema. */
export type InputSchemas = z.ZodType | null | { body?: z.ZodType; query?: z.ZodType };

type BodyOf<S> = S extends z.ZodType ? z.output<S> : S extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
type QueryOf<S> = S extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;

export interface ApiRequest<Body, Query, Ctx> {
  body: Body;
  query: Query;
  ctx: Ctx;
  pathParameters: Record<string, string>;
  event: ApiEvent;
}

type RouteFn<Body, Query, Ctx> = (request: ApiRequest<Body, Query, Ctx>) => Promise<ApiResult>;

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && typeof (value as { safeParse?: unknown }).safeParse === 'function';

const schemasOf = (schemas: InputSchemas): { body?: z.ZodType; query?: z.ZodType } =>
  schemas === null ? {} : isSchema(schemas) ? { body: schemas } : schemas;

const pathParametersOf = (event: ApiEvent): Record<string, string> =>
  Object.fromEntries(
    Object.entries(event.pathParameters ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

const isKeyCaller = (ctx: unknown): ctx is CallerContext =>
  typeof ctx === 'object' && ctx !== null && (ctx as Partial<CallerContext>).apiKey !== undefined;

const errorMapper = (): MiddlewareObj<ApiEvent, ApiResult> => ({
  onError: async (request) => {
    const { error, event } = request;
    if (isAppError(error)) {
      request.response = errorResponse(error);
      if (error.status >= 500) await recordApplicationError(apiErrorReport(event, error));
      return;
    }
    logger.error('Unhandled error in API handler', {
      routeKey: event.routeKey,
      error,
    });
    request.response = json(500, { detail: INTERNAL_ERROR_DETAIL, code: 'INTERNAL' });
    // The operators' error log (docs/admin.md); never throws, so the 500 stands whatever happens.
    await recordApplicationError(apiErrorReport(event, error));
  },
});

const build = <Ctx>(
  schemas: InputSchemas,
  resolveCtx: (event: ApiEvent) => Ctx | Promise<Ctx>,
  fn: RouteFn<unknown, unknown, Ctx>,
): RouteHandler => {
  const { body: bodySchema, query: querySchema } = schemasOf(schemas);
  const handler = middy<ApiEvent, ApiResult>()
    .use(errorMapper())
    .handler(async (event) => {
      const ctx = await resolveCtx(event);
      // Every later line of the request names its caller (docs/observability.md).
      if (ctx && typeof ctx === 'object' && 'userId' in ctx) appendLogKeys({ userId: ctx.userId, ...('workspaceId' in ctx ? { workspaceId: ctx.workspaceId } : {}) });
      const run = async () => {
        const body = bodySchema ? parseOrThrow(bodySchema, readJsonBody(event)) : undefined;
        const query = querySchema ? parseOrThrow(querySchema, event.queryStringParameters ?? {}) : undefined;
        return fn({ body, query, ctx, pathParameters: pathParametersOf(event), event });
      };
      // A POST made with an API key may carry an Idempotency-Key (docs/api.md "Idempotency").
      return isKeyCaller(ctx) ? runWithIdempotencyKey(event, ctx, run) : run();
    });
  // The local gateway calls handlers with the event alone; middy supplies an empty context then.
  // Every answer to an API key's request, refusals included, carries its rate-limit headers.
  return async (event, context) => withKeyRateHeaders(event, await handler(event, context as Context));
};

/**
 * A handler for a signed-in route: `ctx` is the caller with the profile read once for this request
 * (caller.ts): 401 before the route function runs if the token is not an access token or the
 * account is gone, unverified or deactivated. Services rely on that and do not check again.
 */
export const apiHandler = <const S extends InputSchemas>(
  schemas: S,
  fn: RouteFn<BodyOf<S>, QueryOf<S>, CallerContext>,
  rules: CallerRules = {},
): RouteHandler =>
  Object.assign(build(schemas, (event) => resolveCaller(event, rules), fn as RouteFn<unknown, unknown, CallerContext>), {
    [SIGNED_IN]: true as const,
  });

/** A handler for a public route: there is no caller, so `ctx` is null. */
export const publicApiHandler = <const S extends InputSchemas>(
  schemas: S,
  fn: RouteFn<BodyOf<S>, QueryOf<S>, null>,
): RouteHandler => build(schemas, () => null, fn as RouteFn<unknown, unknown, null>);
