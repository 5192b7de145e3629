import { newId } from '../ids.js';
import { json, type Reply } from '../http-kit.js';

/** Errors in Stripe's shape: `{error: {type, code, message, param, doc_url}}` with Stripe's status codes. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const missingResource = (kind: string, id: string, param = 'id'): StripeApiError =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const missingParam = (param: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);

export const invalidParam = (param: string, message: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);

export const unsupported = (message: string, param?: string): StripeApiError =>
  new StripeApiError(400, 'invalid_request_error', `${message} (not in the local Stripe's subset; see docs/billing.md)`, 'parameter_unknown', param);

export const stripeErrorReply = (error: StripeApiError): Reply => {
  const code = error.code ? { code: error.code, doc_url: `https://docs.stripe.com/error-codes/${error.code.replaceAll('_', '-')}` } : {};
  return json(
    error.status,
    { error: { ...code, message: error.message, ...(error.param ? { param: error.param } : {}), type: error.type } },
    { 'request-id': newId('req', 14) },
  );
};
