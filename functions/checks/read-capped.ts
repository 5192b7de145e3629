import type { Readable } from 'node:stream';

/**
 * Reads a response body up to a cap, and discards it unless a keyword or JSON assertion needs it
 * (`keep`, docs/checks.md "Assertions"). A plain check only needs to know the body arrives; past
 * the cap it stops (destroying the stream closes the connection, so the server stops sending) and
 * that is not an error: a big page is still an answer.
 */

export interface CappedRead {
  /** Bytes received; at most the cap plus one chunk. */
  bytes: number;
  /** True when reading stopped at the cap rather than at the end of the body. */
  capped: boolean;
  /** Set when the body broke off before its end (reset, premature close). */
  error: unknown;
  /** The bytes read (at most the cap), when asked to keep them. */
  kept?: Buffer;
}

const prematureClose = (): NodeJS.ErrnoException =>
  Object.assign(new Error('connection closed before the end of the body'), { code: 'ECONNRESET' });

export const readCapped = (stream: Readable, capBytes: number, keep = false): Promise<CappedRead> =>
  new Promise((resolve) => {
    let bytes = 0;
    let settled = false;
    const chunks: Buffer[] = [];
    const settle = (read: CappedRead): void => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      resolve(keep ? { ...read, kept: Buffer.concat(chunks).subarray(0, capBytes) } : read);
    };
    const onData = (chunk: Buffer | string): void => {
      if (keep) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      bytes += chunk.length;
      if (bytes >= capBytes) {
        settle({ bytes, capped: true, error: null });
        stream.destroy();
      }
    };
    stream.on('data', onData);
    stream.once('end', () => settle({ bytes, capped: false, error: null }));
    // Stays attached after settling: a late error on a destroyed stream must not crash the process.
    stream.on('error', (error) => settle({ bytes, capped: false, error }));
    stream.once('close', () => {
      // `close` follows every read, a complete one too: build the error (and its stack) only when it is one.
      if (!settled) settle({ bytes, capped: false, error: prematureClose() });
    });
  });
