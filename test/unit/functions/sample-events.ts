import type { ApiEvent } from '../../../functions/http/responses.js';

export { apiGatewayEvent as sampleEvent, sampleEventNames } from '../../../events/sample-event.js';

/** The same event as a public route would receive it: no authorizer. */
export const withoutClaims = (event: ApiEvent): ApiEvent => {
  const { authorizer: _authorizer, ...requestContext } = event.requestContext;
  return { ...event, requestContext: requestContext as ApiEvent['requestContext'] };
};

export const bodyOf = (result: { body?: string }): Record<string, unknown> => JSON.parse(result.body ?? 'null');
