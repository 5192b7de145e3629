import { describe, expect, it } from 'vitest';
import { settleAll } from '../../../../functions/services/alerts/settle-all.js';

describe('settleAll', () => {
  it('answers every value in order', async () => {
    expect(await settleAll([Promise.resolve(1), null, Promise.resolve('two')] as const)).toEqual([1, null, 'two']);
  });

  it('passes on the first failure only once every promise has finished', async () => {
    let slowDone = false;
    const slow = new Promise<void>((resolve) => setTimeout(() => resolve(void (slowDone = true)), 20));
    const error = await settleAll([Promise.reject(new Error('first')), slow, Promise.reject(new Error('second'))]).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('first');
    expect(slowDone).toBe(true);
  });
});
