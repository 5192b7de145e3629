import type { IncomingMessage } from 'node:http';

/**
 * A local server's request body, read whole up to `maxBytes` (API Gateway's own limits: 10 MB for
 * the HTTP API, 128 KB for a WebSocket post); 'too-large' past it, the rest read and dropped so the
 * answer can still be sent.
 */
export const readCappedBody = (request: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > maxBytes ? 'too-large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
