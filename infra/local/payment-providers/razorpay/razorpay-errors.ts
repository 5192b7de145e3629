import { json, type Reply } from '../http-kit.js';

/** Razorpay's error shape: `{error: {code, description, source, step, reason, metadata, field}}`. */
export class RazorpayApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field?: string,
    readonly code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR' = 'BAD_REQUEST_ERROR',
    readonly reason = 'input_validation_failed',
  ) {
    super(description);
  }
}

export const noSuchId = (): RazorpayApiError => new RazorpayApiError(400, 'The id provided does not exist');

export const badField = (field: string, description: string): RazorpayApiError => new RazorpayApiError(400, description, field);

export const razorpayErrorReply = (error: RazorpayApiError): Reply =>
  json(error.status, {
    error: {
      code: error.code,
      description: error.description,
      source: error.code === 'SERVER_ERROR' ? 'internal' : 'business',
      step: 'payment_initiation',
      reason: error.reason,
      metadata: {},
      ...(error.field ? { field: error.field } : {}),
    },
  });
