import busboy from 'busboy';
import { AppError } from '../../shared/errors.js';
import { requestHeader } from './request-header.js';
import type { ApiEvent } from './responses.js';

/**
 * Reading one uploaded file from a multipart/form-data request (a browser's FormData). API Gateway
 * hands such a body to the Lambda base64-encoded (`isBase64Encoded`); it is in memory already
 * (a Lambda payload is at most 6 MB), so it is parsed in one go rather than streamed.
 */

export interface UploadedFile {
  /** As the browser sent it (may be empty); only ever compared, never used as a path. */
  filename: string;
  mimeType: string;
  content: Buffer;
}

/** Room for the boundaries and part headers around the file, and a few small fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const MULTIPART_CONTENT_TYPE = /^multipart\/form-data\s*;/i;

const describeBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${Math.floor(bytes / 1024)} KiB`;

const tooLarge = (maxBytes: number): AppError =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is too large (${describeBytes(maxBytes)} at most)`);

const notMultipart = (): AppError =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file must be sent as multipart/form-data');

const malformed = (): AppError =>
  new AppError('VALIDATION_FAILED', 'The upload could not be read: the multipart/form-data body is malformed');

/**
 * The file in form field `field`, or null when the request carries none (no body at all, or a form
 * without that file), so the caller words that case in its own terms. Other parts are skipped; if
 * the field holds several files, the first counts.
 * - 415 UNSUPPORTED_MEDIA_TYPE: a body that is not multipart/form-data;
 * - 413 PAYLOAD_TOO_LARGE: the file is over `maxBytes` (exactly `maxBytes` is fine), or the whole
 *   body is larger than any form carrying such a file could be;
 * - 400 VALIDATION_FAILED: a multipart body that does not parse (no boundary, cut short).
 */
export const readMultipartFile = async (
  event: ApiEvent,
  opts: { field: string; maxBytes: number },
): Promise<UploadedFile | null> => {
  if (event.body === undefined || event.body === null || event.body === '') return null;

  const contentType = requestHeader(event, 'content-type')?.trim();
  if (!contentType || !MULTIPART_CONTENT_TYPE.test(contentType)) throw notMultipart();

  const body = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (body.byteLength > opts.maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(opts.maxBytes);

  let parser: busboy.Busboy;
  try {
    // One byte over the limit marks the file as too large (busboy truncates AT fileSize).
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: { fileSize: opts.maxBytes + 1, fieldSize: FORM_OVERHEAD_BYTES },
    });
  } catch {
    throw malformed();
  }

  return new Promise<UploadedFile | null>((resolve, reject) => {
    let found: { filename: string; mimeType: string; chunks: Buffer[]; truncated: () => boolean } | null = null;

    parser.on('file', (name, stream, info) => {
      // A body cut short inside a file errors that file's stream too; unhandled, it would crash the process.
      stream.on('error', () => reject(malformed()));
      if (name !== opts.field || found) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      found = { filename: info.filename ?? '', mimeType: info.mimeType, chunks, truncated: () => stream.truncated === true };
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    });
    parser.on('error', () => reject(malformed()));
    parser.on('close', () => {
      if (!found) return resolve(null);
      const content = Buffer.concat(found.chunks);
      if (found.truncated() || content.byteLength > opts.maxBytes) return reject(tooLarge(opts.maxBytes));
      resolve({ filename: found.filename, mimeType: found.mimeType, content });
    });
    parser.end(body);
  });
};
