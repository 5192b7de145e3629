import type { Context } from 'aws-lambda';
import { routeKey, routesOfArea, type Area, type AreaRouteName, type Route } from '../../shared/api/routes.js';
import { AppError, forbidden, unauthorized } from '../../shared/errors.js';
import type { RouteHandler } from './api-handler.js';
import { refuseGoneOrInactiveAdmin } from './admin-access.js';
import { authContextOf } from './auth-context.js';
import { errorResponse, type ApiEvent, type ApiResult } from './responses.js';

/** What `functions/api/<area>/index.ts` exports as `handler` (docs/contracts.md). */
export type AreaHandler = (event: ApiEvent, context?: Context) => Promise<ApiResult>;

const NOT_FOUND = new AppError('NOT_FOUND', 'Not found');

/**
 * The Lambda entry of one area: dispatches on `event.routeKey` to the route's handler. The handler
 * table is keyed by the area's route names, so a route added to shared/api/routes.ts without a
 * handler is a compile error. The route's `access` is checked again here (API Gateway checked the
 * token; this makes a mis-wired public route or a non-admin caller fail closed).
 */
export const areaHandler = <A extends Area>(area: A, handlers: Record<AreaRouteName<A>, RouteHandler>): AreaHandler => {
  const byKey = new Map<string, { route: Route; handle: RouteHandler }>(
    routesOfArea(area).map((route) => [routeKey(route), { route, handle: handlers[route.name as AreaRouteName<A>] }]),
  );
  return async (event, context) => {
    const entry = byKey.get(event.routeKey);
    if (!entry) return errorResponse(NOT_FOUND);
    if (entry.route.access !== 'public') {
      const caller = authContextOf(event);
      if (!caller) return errorResponse(unauthorized());
      if (entry.route.access === 'admin' && !caller.isAdmin) return errorResponse(forbidden());
      if (entry.route.access === 'admin') {
        const refusal = await refuseGoneOrInactiveAdmin(caller);
        if (refusal) return refusal;
      }
    }
    return entry.handle(event, context);
  };
};
