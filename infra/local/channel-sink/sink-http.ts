import type { IncomingMessage, ServerResponse } from 'node:http';

/** The little HTTP plumbing of the channel sink: a reply value, bodies in, replies out. */
export interface SinkReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown for a body over 1 MB: answered 413, as a provider would. */
export class BodyTooLarge extends Error {}

export const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge('body over 1 MB'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export const jsonReply = (status: number, body: unknown, headers: Record<string, string> = {}): SinkReply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

export const textReply = (status: number, body: string, headers: Record<string, string> = {}): SinkReply => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  body,
});

/** The sink's own errors (not a provider's): a JSON `detail` saying what to fix. */
export const detailReply = (status: number, detail: string): SinkReply => jsonReply(status, { detail });

export const sendReply = (response: ServerResponse, reply: SinkReply): void => {
  response.writeHead(reply.status, { 'cache-control': 'no-store', ...reply.headers });
  response.end(reply.body);
};

/** A body as JSON when it parses, else the text itself (an empty body is an empty string). */
export const parseBody = (text: string): unknown => {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Header values flattened to strings (repeated headers joined as node joins them). */
export const flatHeaders = (headers: IncomingMessage['headers']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
  );

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
