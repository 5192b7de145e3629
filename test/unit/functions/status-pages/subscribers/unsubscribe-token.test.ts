import { beforeAll, describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from '../../../../../functions/services/status-pages/subscribers/unsubscribe-token.js';

const ID = '01JDZ6X0Q4W8YF3B5N7M9P2R4T';
const OTHER = '01JDZ6X0Q4W8YF3B5N7M9P2R4V';

beforeAll(() => {
  process.env.LOCAL_SECRETS_KEY ??= 'unit-test-signing-secret';
});

describe('the unsubscribe token', () => {
  it('reads back as the subscriber it was made for', async () => {
    const token = await unsubscribeToken(ID);
    expect(token.startsWith(`${ID}.`)).toBe(true);
    expect(await readUnsubscribeToken(token)).toBe(ID);
  });

  it('is the same every time, so every mail can carry it without storing it', async () => {
    expect(await unsubscribeToken(ID)).toBe(await unsubscribeToken(ID));
  });

  it('cannot be moved to another subscriber', async () => {
    const mac = (await unsubscribeToken(ID)).split('.')[1];
    expect(await readUnsubscribeToken(`${OTHER}.${mac}`)).toBeNull();
  });

  it.each(['', ID, `${ID}.`, `${ID}.abc`, `${ID}.abc.def`, 'not-an-id.abc', `${ID.toLowerCase()}.x`])('refuses %j', async (token) => {
    expect(await readUnsubscribeToken(token)).toBeNull();
  });

  it('refuses a token whose MAC was changed', async () => {
    const token = await unsubscribeToken(ID);
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await readUnsubscribeToken(flipped)).toBeNull();
  });
});
