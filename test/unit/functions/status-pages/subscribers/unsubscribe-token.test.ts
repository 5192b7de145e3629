import { beforeAll, describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from '../../../../../functions/services/status-pages/subscribers/unsubscribe-token.js';

const PAGE = '01JDZ6X0Q4W8YF3B5N7M9P2R40';
const ID = '01JDZ6X0Q4W8YF3B5N7M9P2R4T';
const OTHER = '01JDZ6X0Q4W8YF3B5N7M9P2R4V';
const link = { pageId: PAGE, subscriberId: ID };

beforeAll(() => {
  process.env.LOCAL_SECRETS_KEY ??= 'unit-test-signing-secret';
});

describe('the unsubscribe token', () => {
  it('reads back as the page and subscriber it was made for', async () => {
    const token = await unsubscribeToken(link);
    expect(token.startsWith(`${PAGE}.${ID}.`)).toBe(true);
    expect(await readUnsubscribeToken(token)).toEqual(link);
  });

  it('is the same every time, so every mail can carry it without storing it', async () => {
    expect(await unsubscribeToken(link)).toBe(await unsubscribeToken(link));
  });

  it('cannot be moved to another subscriber or another page', async () => {
    const mac = (await unsubscribeToken(link)).split('.')[2];
    expect(await readUnsubscribeToken(`${PAGE}.${OTHER}.${mac}`)).toBeNull();
    expect(await readUnsubscribeToken(`${OTHER}.${ID}.${mac}`)).toBeNull();
  });

  it.each(['', ID, `${ID}.`, `${ID}.abc`, `${PAGE}.${ID}`, `${PAGE}.${ID}.`, `${PAGE}.${ID}.abc.def`, `not-an-id.${ID}.abc`, `${PAGE}.${ID.toLowerCase()}.x`])(
    'refuses %j',
    async (token) => {
      expect(await readUnsubscribeToken(token)).toBeNull();
    },
  );

  it('refuses a token whose MAC was changed', async () => {
    const token = await unsubscribeToken(link);
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await readUnsubscribeToken(flipped)).toBeNull();
  });
});
