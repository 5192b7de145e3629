import { AppError } from '../../shared/errors.js';
import { requestHeader } from './request-header.js';
import type { ApiEvent } from './responses.js';

/** Bodies are small JSON documents; anything larger is a mistake or an attack. */
export const MAX_BODY_BYTES = 64 * 1024;

const JSON_CONTENT_TYPE = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;


const invalidBody = (message: string): AppError =>
  new AppError('VALIDATION_FAILED', message, [{ field: 'body', message }]);

/**
 * The request body as a JSON object. No body reads as `{}`, so the schema then names the missing
 * fields. A body without a Content-Type is accepted as JSON; one with another type is refused.
 */
export const readJsonBody = (event: ApiEvent): Record<string, unknown> => {
  if (event.body === undefined || event.body === null || event.body === '') return {};

  const contentType = requestHeader(event, 'content-type');
  if (contentType !== undefined && contentType.trim() !== '' && !JSON_CONTENT_TYPE.test(contentType.trim())) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)');
  }

  const bytes = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.byteLength > MAX_BODY_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is too large (${MAX_BODY_BYTES / 1024} KiB at most)`);
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidBody('The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidBody('The request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
};

/** Webhook bodies: a provider's event is small, but larger than a form's JSON. */
export const MAX_RAW_BODY_BYTES = 512 * 1024;

/**
 * The request body as the exact bytes the client sent (a provider's signature covers them):
 * base64-decoded when API Gateway encoded it, else the UTF-8 of the string API Gateway passed
 * (which it builds from those bytes). Empty when there is none.
 */
export const readRawBody = (event: ApiEvent): Buffer => {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  const bytes = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.byteLength > MAX_RAW_BODY_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is too large (${MAX_RAW_BODY_BYTES / 1024} KiB at most)`);
  }
  return bytes;
};

const FORM_CONTENT_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * An HTML form's body (`application/x-www-form-urlencoded`, what a page's `<form method="post">`
 * sends with JavaScript off): each field's values in order, so a repeated field (checkboxes) keeps
 * all of them. No body reads as no fields; another content type is refused, as `readJsonBody` does.
 */
export const readFormBody = (event: ApiEvent): Map<string, string[]> => {
  const fields = new Map<string, string[]>();
  if (event.body === undefined || event.body === null || event.body === '') return fields;
  const contentType = requestHeader(event, 'content-type');
  if (contentType !== undefined && contentType.trim() !== '' && !FORM_CONTENT_TYPE.test(contentType.trim())) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be a form (Content-Type: application/x-www-form-urlencoded)');
  }
  const bytes = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.byteLength > MAX_BODY_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is too large (${MAX_BODY_BYTES / 1024} KiB at most)`);
  }
  for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) fields.set(name, [...(fields.get(name) ?? []), value]);
  return fields;
};

/** A form's single-valued fields (a password, an address): each field's first value. */
export const firstFormValues = (fields: Map<string, string[]>): Record<string, string> =>
  Object.fromEntries([...fields].map(([name, values]) => [name, values[0] ?? '']));
