import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateConfirmedChannel } from '../../../../functions/repositories/channel-confirmation-repository.js';
import { getChannel, type StoredChannel } from '../../../../functions/repositories/channel-repository.js';
import { sendEmail } from '../../../../functions/repositories/mail-repository.js';
import { takeRateLimitSlot } from '../../../../functions/repositories/rate-limit-repository.js';
import { consumeToken, restoreToken, storeToken, type OneTimeToken } from '../../../../functions/repositories/token-repository.js';
import { getUserProfile } from '../../../../functions/repositories/user-repository.js';
import { hashToken } from '../../../../functions/services/auth/one-time-token.js';
import { channelConfirmationEmail } from '../../../../functions/services/channels/channel-confirmation-email.js';
import {
  confirmationMessage,
  confirmationOutcome,
  statusAfterEdit,
  statusOnCreate,
} from '../../../../functions/services/channels/channel-confirmation-rules.js';
import { confirmChannel } from '../../../../functions/services/channels/confirm-channel.js';
import { resendChannelConfirmation } from '../../../../functions/services/channels/resend-channel-confirmation.js';
import { caller, profile } from '../profile-fixture.js';

vi.mock('../../../../functions/repositories/channel-confirmation-repository.js', () => ({ activateConfirmedChannel: vi.fn() }));
vi.mock('../../../../functions/repositories/channel-repository.js', () => ({ getChannel: vi.fn() }));
vi.mock('../../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));
vi.mock('../../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn() }));
vi.mock('../../../../functions/repositories/token-repository.js', () => ({ consumeToken: vi.fn(), restoreToken: vi.fn(), storeToken: vi.fn() }));
vi.mock('../../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn() }));

const CHANNEL_ID = '01HZY5CHANNE1000000000000A';

const emailChannel = (fields: Partial<StoredChannel> = {}): StoredChannel => ({
  id: CHANNEL_ID,
  userId: 'user-1',
  type: 'email',
  name: 'Ops',
  config: { address: 'ops@example.com' },
  sealedConfig: {},
  isDefault: true,
  status: 'unconfirmed',
  pausedReason: null,
  consecutiveFailures: 0,
  signingSecrets: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  lastDeliveryAt: null,
  ...fields,
});

const link: OneTimeToken = {
  hash: hashToken('a-confirmation-token-of-enough-length'),
  kind: 'confirm_channel',
  userId: 'user-1',
  expiresAt: 2e9,
  channel: { id: CHANNEL_ID, address: 'ops@example.com' },
};
const confirm = () => confirmChannel({ input: { token: 'a-confirmation-token-of-enough-length' } });

beforeAll(() => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', MAIL_FROM: 'alerts@upwatch.example', APP_URL: 'https://app.example.com' });
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(consumeToken).mockResolvedValue(link);
  vi.mocked(getChannel).mockResolvedValue(emailChannel());
  vi.mocked(getUserProfile).mockResolvedValue(profile());
  vi.mocked(activateConfirmedChannel).mockResolvedValue(true);
  vi.mocked(takeRateLimitSlot).mockResolvedValue(true);
  vi.mocked(restoreToken).mockResolvedValue();
  vi.mocked(storeToken).mockResolvedValue();
  vi.mocked(sendEmail).mockResolvedValue();
});

describe('the confirmation rules', () => {
  it('starts an e-mail channel unconfirmed and every other type active', () => {
    expect(statusOnCreate('email')).toBe('unconfirmed');
    expect(statusOnCreate('slack')).toBe('active');
    expect(statusOnCreate('webhook')).toBe('active');
  });

  it('makes a new address unconfirmed again, whatever else the edit asks', () => {
    const reset = { status: 'unconfirmed', pausedReason: null, resetFailures: true };
    expect(statusAfterEdit({ type: 'email', status: 'active' }, { addressChanged: true })).toEqual(reset);
    expect(statusAfterEdit({ type: 'email', status: 'paused' }, { addressChanged: true, paused: false })).toEqual(reset);
    expect(statusAfterEdit({ type: 'email', status: 'active' }, { addressChanged: true, paused: true })).toEqual(reset);
  });

  it('never lets a pause or a resume make an unconfirmed address active', () => {
    expect(statusAfterEdit({ type: 'email', status: 'unconfirmed' }, { addressChanged: false, paused: false })).toBeUndefined();
    expect(statusAfterEdit({ type: 'email', status: 'unconfirmed' }, { addressChanged: false })).toBeUndefined();
    expect(() => statusAfterEdit({ type: 'email', status: 'unconfirmed' }, { addressChanged: false, paused: true })).toThrow(
      expect.objectContaining({ status: 400, detail: expect.stringMatching(/has not confirmed it wants alerts yet/) }),
    );
  });

  it('pauses and resumes a confirmed channel as before', () => {
    expect(statusAfterEdit({ type: 'email', status: 'active' }, { addressChanged: false, paused: true })).toEqual({ status: 'paused', pausedReason: 'owner', resetFailures: false });
    expect(statusAfterEdit({ type: 'slack', status: 'paused' }, { addressChanged: false, paused: false })).toEqual({ status: 'active', pausedReason: null, resetFailures: true });
    expect(statusAfterEdit({ type: 'slack', status: 'active' }, { addressChanged: false, paused: false })).toBeUndefined();
  });

  it('confirms only an unconfirmed channel still at the address the link went to (any case)', () => {
    expect(confirmationOutcome({ status: 'unconfirmed', address: 'Ops@Example.com' }, 'ops@example.com')).toBe('confirmed');
    expect(confirmationOutcome({ status: 'active', address: 'ops@example.com' }, 'ops@example.com')).toBe('already_confirmed');
    expect(confirmationOutcome({ status: 'paused', address: 'ops@example.com' }, 'ops@example.com')).toBe('already_confirmed');
    expect(confirmationOutcome({ status: 'unconfirmed', address: 'new@example.com' }, 'ops@example.com')).toBe('address_changed');
    expect(confirmationOutcome(null, 'ops@example.com')).toBe('channel_gone');
  });

  it('says what happened in one sentence', () => {
    expect(confirmationMessage('confirmed', 'asha@example.com', 'ops@example.com')).toBe(
      "Confirmed: alerts of asha@example.com's monitors will now reach ops@example.com.",
    );
    expect(confirmationMessage('channel_gone', 'asha@example.com', 'ops@example.com')).toMatch(/^Nothing to confirm: ops@example.com is no longer/);
  });
});

describe('the confirmation e-mail', () => {
  const mail = channelConfirmationEmail({ appUrl: 'https://app.example.com', to: 'ops@example.com', owner: 'asha@example.com', token: 'tok/en+' });

  it('names who asked, carries the link once encoded, and says a stranger can ignore it', () => {
    expect(mail.to).toBe('ops@example.com');
    expect(mail.subject).toBe('asha@example.com wants to send Upwatch alerts to this address');
    expect(mail.text).toContain('Confirm alerts to this address: https://app.example.com/confirm-channel?token=tok%2Fen%2B');
    expect(mail.text).toContain('If you did not expect this e-mail, you can ignore it: no alerts will be sent to you.');
    expect(mail.text).toContain('The link works for 7 days.');
    expect(mail.html).toContain('href="https://app.example.com/confirm-channel?token=tok%2Fen%2B"');
  });
});

describe('confirmChannel', () => {
  it('uses the token up, activates the channel at its address, and says so', async () => {
    await expect(confirm()).resolves.toEqual({
      outcome: 'confirmed',
      message: "Confirmed: alerts of asha@example.com's monitors will now reach ops@example.com.",
    });
    expect(consumeToken).toHaveBeenCalledWith(link.hash, 'confirm_channel', expect.any(Number));
    expect(activateConfirmedChannel).toHaveBeenCalledWith('user-1', CHANNEL_ID, 'ops@example.com', expect.any(Date));
    expect(restoreToken).not.toHaveBeenCalled();
  });

  it('refuses an unknown, used or expired link with 400 INVALID_TOKEN', async () => {
    vi.mocked(consumeToken).mockResolvedValue(null);
    await expect(confirm()).rejects.toMatchObject({ status: 400, code: 'INVALID_TOKEN', detail: expect.stringMatching(/^This confirmation link is invalid, was used already or has expired/) });
    expect(activateConfirmedChannel).not.toHaveBeenCalled();
  });

  it('changes nothing for a deleted channel or a changed address, and never names the new address', async () => {
    vi.mocked(getChannel).mockResolvedValue(null);
    await expect(confirm()).resolves.toMatchObject({ outcome: 'channel_gone' });

    vi.mocked(getChannel).mockResolvedValue(emailChannel({ config: { address: 'someone-else@example.com' } }));
    const changed = await confirm();
    expect(changed.outcome).toBe('address_changed');
    expect(changed.message).not.toContain('someone-else');
    expect(activateConfirmedChannel).not.toHaveBeenCalled();
  });

  it('answers "already confirmed" when another press won the write', async () => {
    vi.mocked(activateConfirmedChannel).mockResolvedValue(false);
    vi.mocked(getChannel).mockResolvedValueOnce(emailChannel()).mockResolvedValueOnce(emailChannel({ status: 'active' }));
    await expect(confirm()).resolves.toMatchObject({ outcome: 'already_confirmed' });
  });

  it('puts the token back when the table fails, so the same link works on a retry', async () => {
    vi.mocked(activateConfirmedChannel).mockRejectedValue(new Error('throttled'));
    await expect(confirm()).rejects.toThrow('throttled');
    expect(restoreToken).toHaveBeenCalledWith(link);
  });
});

describe('resendChannelConfirmation', () => {
  const ctx = caller();
  const resend = () => resendChannelConfirmation({ ctx, channelId: CHANNEL_ID });

  it('mails a new link bound to the channel and its address, counted per user', async () => {
    await expect(resend()).resolves.toEqual({ message: 'We sent a new confirmation link to ops@example.com. Alerts go there once it is confirmed.' });
    expect(takeRateLimitSlot).toHaveBeenCalledWith(expect.objectContaining({ scope: 'channel_confirmation', subject: 'user-1', limit: 5 }));
    expect(storeToken).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'confirm_channel', userId: 'user-1', channel: { id: CHANNEL_ID, address: 'ops@example.com' } }),
    );
    const stored = vi.mocked(storeToken).mock.calls[0]![0];
    expect(stored.expiresAt - Math.floor(Date.now() / 1000)).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(sendEmail).toHaveBeenCalledWith(expect.objectContaining({ to: 'ops@example.com', subject: 'asha@example.com wants to send Upwatch alerts to this address' }));
  });

  it('is 404 for a channel that is not the caller’s, and 400 for one not awaiting confirmation', async () => {
    vi.mocked(getChannel).mockResolvedValue(null);
    await expect(resend()).rejects.toMatchObject({ status: 404 });
    vi.mocked(getChannel).mockResolvedValue(emailChannel({ status: 'active' }));
    await expect(resend()).rejects.toMatchObject({ status: 400, detail: 'This address is not awaiting confirmation (it is active), so there is nothing to resend.' });
    vi.mocked(getChannel).mockResolvedValue(emailChannel({ type: 'slack', status: 'active', config: {} }));
    await expect(resend()).rejects.toMatchObject({ status: 400, detail: expect.stringMatching(/^Only e-mail channels are confirmed/) });
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('answers 429 and mails nothing over the limit', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(false);
    await expect(resend()).rejects.toMatchObject({ status: 429, detail: expect.stringMatching(/^Too many confirmation e-mails: at most 5 every 10 minutes/) });
    expect(sendEmail).not.toHaveBeenCalled();
  });
});
