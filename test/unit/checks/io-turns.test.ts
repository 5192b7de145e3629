import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nextIoTurn } from '../../../functions/checks/io-turns.js';

const closers: Array<() => void> = [];
afterEach(() => {
  closers.splice(0).forEach((close) => close());
});

/** Two ends of one loopback TCP connection. */
const socketPair = async (): Promise<{ client: net.Socket; server: net.Socket }> => {
  const listener = net.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
  const client = net.connect((listener.address() as AddressInfo).port, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  const server = await accepted;
  closers.push(() => {
    client.destroy();
    server.destroy();
    listener.close();
  });
  return { client, server };
};

describe('nextIoTurn', () => {
  it('wakes its waiters in the order they came', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => nextIoTurn().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('wakes one waiter per loop turn, so I/O that became ready runs before the next one', async () => {
    const { client, server } = await socketPair();
    const order: string[] = [];
    client.on('data', () => order.push('data arrived'));
    const first = nextIoTurn().then(() => {
      order.push('first');
      // Lands in the client's receive buffer at once (loopback); its callback needs a poll.
      server.write('x');
    });
    const second = nextIoTurn().then(() => order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'data arrived', 'second']);
  });

  it('keeps working after its queue ran empty', async () => {
    await nextIoTurn();
    const order: string[] = [];
    await Promise.all([nextIoTurn().then(() => order.push('a')), nextIoTurn().then(() => order.push('b'))]);
    expect(order).toEqual(['a', 'b']);
  });
});
