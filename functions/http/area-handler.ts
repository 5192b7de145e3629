import type { Context } from 'aws-lambda';
import { routeKey, routesOfArea, type Area, type AreaRouteName, type Route } from '../../shared/api/routes.js';
import { answersHead, headRouteKey } from '../../shared/api/head-requests.js';
import { AppError, forbidden, isAppError, unauthorized } from '../../shared/errors.js';
import { isSignedInHandler, type RouteHandler } from './api-handler.js';
import { authContextOf } from './auth-context.js';
import { IP_LIMITS } from './ip-limit-rules.js';
import type { IpLimiter } from './ip-limits.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { appendLogKeys, logger } from '../observability/logger.js';
import { errorResponse, type ApiEvent, type ApiResult } from './responses.js';
import { cameThroughEdge } from './edge-origin.js';

/** What `functions/api/<area>/index.ts` exports as `handler` (docs/contracts.md). */
export type AreaHandler = (event: ApiEvent, context?: Context) => Promise<ApiResult>;

const NOT_FOUND = new AppError('NOT_FOUND', 'Not found');
const NOT_THROUGH_EDGE = new AppError('NOT_THROUGH_EDGE', "Upwatch's API answers only at the app's own address; call it there, not at the API Gateway endpoint.");

/**
 * What every log line of an API request carries beside the Lambda context (docs/observability.md):
 * the route, API Gateway's request id (the one in its access log), and the monitor or other
 * resource the path names. The caller's `userId` is added once it is known (api-handler.ts).
 */
export const requestLogKeys = (event: ApiEvent): Record<string, string | undefined> => {
  const id = event.pathParameters?.id;
  return {
    route: event.routeKey,
    apiRequestId: event.requestContext?.requestId,
    ...(id ? (event.routeKey.includes('/api/monitors/{id}') ? { monitorId: id } : { resourceId: id }) : {}),
  };
};

/** A GET's answer as a HEAD gets it: the same status and headers, no body. */
const withoutBody = (result: ApiResult): ApiResult => ({ ...result, body: '', isBase64Encoded: false });

/**
 * The Lambda entry of one area: dispatches on `event.routeKey` to the route's handler. The handler
 * table is keyed by the area's route names, so a route added to shared/api/routes.ts without a
 * handler is a compile error. The route's `access` is checked again here (API Gateway checked the
 * token; this makes a mis-wired public route, an ID token or a non-admin caller fail closed), and
 * every signed-in route must be served by an `apiHandler`, which reads the caller's profile once and
 * refuses a deleted, unverified or deactivated account (caller.ts): an area wired otherwise fails
 * when its module loads, not at the first request.
 */
export const areaHandler = <A extends Area>(
  area: A,
  handlers: Record<AreaRouteName<A>, RouteHandler>,
  /** `enforceIpLimit` (ip-limits.ts) for an area with routes in IP_LIMITS; others leave it out and carry no counter code. */
  ipLimiter?: IpLimiter,
  /**
   * For an area with `admin` routes: whether the caller is in the admin group now (not when their
   * token was issued), so an operator removed from the group is refused at their next request
   * (docs/security.md "Tokens and sessions"). Others leave it out and carry no Cognito call.
   */
  confirmOperator?: (userId: string) => Promise<boolean>,
): AreaHandler => {
  const byKey = new Map<string, { route: Route; handle: RouteHandler }>(
    routesOfArea(area).map((route) => [routeKey(route), { route, handle: handlers[route.name as AreaRouteName<A>] }]),
  );
  for (const { route, handle } of byKey.values()) {
    if (route.access !== 'public' && !isSignedInHandler(handle)) {
      throw new Error(`Route ${route.name} is ${route.access}-only but its handler is not built with apiHandler`);
    }
    if (route.access === 'admin' && !confirmOperator) {
      throw new Error(`Route ${route.name} is admin-only but the ${area} area entry passes no confirmOperator`);
    }
    if (route.name in IP_LIMITS && !ipLimiter) {
      throw new Error(`Route ${route.name} has a per-IP limit but the ${area} area entry passes no enforceIpLimit`);
    }
  }
  // A HEAD twin (API Gateway route `HEAD <path>`) runs its GET route's handler and drops the body
  // (shared/api/head-requests.ts).
  const headOf = new Map(
    [...byKey.values()].filter(({ route }) => answersHead(route)).map((entry) => [headRouteKey(entry.route), entry]),
  );
  return lambdaEntry(async (event, context) => {
    appendLogKeys(requestLogKeys(event));
    // Before anything reads a header: only CloudFront's requests carry the client IP it set.
    if (!(await cameThroughEdge(event))) return errorResponse(NOT_THROUGH_EDGE);
    const head = headOf.has(event.routeKey);
    const entry = byKey.get(event.routeKey) ?? headOf.get(event.routeKey);
    if (!entry) return errorResponse(NOT_FOUND);
    // A key route's caller is its API key, resolved by resolveCaller in the route's apiHandler.
    if (entry.route.access === 'user' || entry.route.access === 'admin') {
      const caller = authContextOf(event);
      if (!caller) return errorResponse(unauthorized());
      if (entry.route.access === 'admin' && !(caller.isAdmin && (await confirmOperator?.(caller.userId)))) return errorResponse(forbidden());
    }
    try {
      await ipLimiter?.(entry.route.name, event);
    } catch (error) {
      if (isAppError(error)) return errorResponse(error);
      // A counter that cannot be read must not take the route down with it.
      logger.error('Per-IP limit could not be checked', { route: entry.route.name, error });
    }
    return head ? withoutBody(await entry.handle(event, context)) : entry.handle(event, context);
  });
};
