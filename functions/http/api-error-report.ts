import { ROUTES, routeKey } from '../../shared/api/routes.js';
import { isMailFailure } from '../repositories/mail-repository.js';
import type { ApplicationErrorReport } from '../services/operations/record-application-error.js';
import { authContextOf } from './auth-context.js';
import type { ApiEvent } from './responses.js';

/** DynamoDB's own faults and throttling, by the SDK error's name or its service. */
const isDatabaseFault = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const named = /ProvisionedThroughputExceeded|RequestLimitExceeded|TransactionCanceled|TransactionConflict|ResourceNotFound|ItemCollectionSizeLimit|InternalServerError|ThrottlingException|BatchWrite|BatchGetItem|DynamoDB/i;
  return named.test(error.name) || named.test(error.message);
};

/** Route keys of the money path (checkout, status, webhooks, plan changes): their 5xx are payment errors. */
const PAYMENT_ROUTES = new Set(ROUTES.filter((route) => route.area === 'billing').map(routeKey));

const errorTypeOf = (event: ApiEvent, error: unknown): ApplicationErrorReport['type'] => {
  // First: the mail tag is exact, while the database test goes by names SES shares (throttling).
  if (isMailFailure(error)) return 'email_error';
  if (isDatabaseFault(error)) return 'database_error';
  return PAYMENT_ROUTES.has(event.routeKey) ? 'payment_error' : 'api_error';
};

/** Path parameters that are secrets (a heartbeat's push URL, a badge token): the log names the route, not them. */
const SECRET_PATH_PARAMETERS = new Set(['token']);

/**
 * The path and its parameters with every secret replaced by `{token}`, as the route key writes it
 * (docs/security.md "Secrets in URLs"): operators read the error log, and a push URL in it would let
 * them, or anyone the log reaches, ping another customer's monitor.
 */
export const withoutPathSecrets = (event: ApiEvent): { path: string | undefined; path_parameters: Record<string, string | undefined> } => {
  let path = event.rawPath;
  const parameters = { ...event.pathParameters };
  for (const [name, value] of Object.entries(parameters)) {
    if (!SECRET_PATH_PARAMETERS.has(name) || !value) continue;
    parameters[name] = `{${name}}`;
    path = path?.split(value).join(`{${name}}`);
  }
  return { path, path_parameters: parameters };
};

/**
 * What an API 5xx puts in the error log: `email_error` when the request failed on the mail it had
 * to send (a verification or reset link, a test notification, a receipt: that mail is lost),
 * `database_error` when DynamoDB failed, else `payment_error` on a billing route (a webhook or checkout
 * that failed), else `api_error`,
 * with the route, request id, method and path (no query string, headers or body: those may carry
 * tokens or passwords) and the caller's id.
 */
export const apiErrorReport = (event: ApiEvent, error: unknown): ApplicationErrorReport => ({
  type: errorTypeOf(event, error),
  error,
  context: {
    route: event.routeKey,
    request_id: event.requestContext?.requestId,
    method: event.requestContext?.http?.method,
    ...withoutPathSecrets(event),
  },
  userId: authContextOf(event)?.userId ?? null,
});
