import { AppError } from '../../shared/errors.js';
import { MAX_BODY_BYTES } from './request-body.js';
import type { ApiEvent } from './responses.js';

/**
 * A form's fields from an `application/x-www-form-urlencoded` body (an HTML form posted with
 * JavaScript off, docs/status-pages.md "Private pages"). A field sent twice keeps its first value;
 * no body reads as no fields.
 */
export const readFormBody = (event: ApiEvent): Record<string, string> => {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const bytes = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.byteLength > MAX_BODY_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is too large (${MAX_BODY_BYTES / 1024} KiB at most)`);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) if (!(name in fields)) fields[name] = value;
  return fields;
};
