import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCapped } from '../../../functions/checks/read-capped.js';

const CHUNK = 64 * 1024;
const MIB = 1024 * 1024;

/** A body of `total` bytes produced on demand, counting what the reader pulled out of it. */
const countingBody = (total: number) => {
  let produced = 0;
  const stream = new Readable({
    read() {
      if (produced >= total) return void this.push(null);
      const size = Math.min(CHUNK, total - produced);
      produced += size;
      this.push(Buffer.alloc(size));
    },
  });
  return { stream, produced: () => produced };
};

describe('readCapped', () => {
  it('stops pulling a 5 MiB body soon after 1 MiB and destroys it, without an error', async () => {
    const body = countingBody(5 * MIB);
    const read = await readCapped(body.stream, MIB);
    expect(read).toMatchObject({ capped: true, error: null });
    expect(read.bytes).toBeGreaterThanOrEqual(MIB);
    expect(read.bytes).toBeLessThanOrEqual(MIB + CHUNK);
    // What the stream had buffered ahead of the reader is at most its high-water mark more.
    expect(body.produced()).toBeLessThanOrEqual(MIB + 2 * CHUNK + body.stream.readableHighWaterMark);
    expect(body.stream.destroyed).toBe(true);
  });

  it('reads a small body to its end', async () => {
    const read = await readCapped(countingBody(3000).stream, MIB);
    expect(read).toEqual({ bytes: 3000, capped: false, error: null });
  });

  it('reports a body that breaks off', async () => {
    const stream = new Readable({ read() {} });
    const reading = readCapped(stream, MIB);
    stream.push(Buffer.alloc(10));
    stream.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const read = await reading;
    expect(read.bytes).toBe(10);
    expect(read.error).toMatchObject({ code: 'ECONNRESET' });
  });

  it('reports a body closed before its end without an error as a reset', async () => {
    const stream = new Readable({ read() {} });
    const reading = readCapped(stream, MIB);
    stream.destroy();
    expect((await reading).error).toMatchObject({ code: 'ECONNRESET' });
  });
});
