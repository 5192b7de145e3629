import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelConfirmationResult } from '../../shared/alerts/confirm-channel.js';
import type { ChannelList, ChannelView, CreatedChannel, DeliveryList } from '../../shared/alerts/schemas.js';
import { signInAdmin, userWithId } from './helpers/admin.js';
import { api, latestMailTo, mailsTo, uniqueEmail, type StoredEmail } from './helpers/api.js';
import { madeUpDownAlert, putOutboxEntry, sendToAlertsQueue, waitFor, waitForOutboxStatus } from './helpers/pipeline.js';

/**
 * Confirming e-mail recipients against the local cloud (docs/alerts.md "Confirming e-mail
 * recipients"): an added address is mailed a link, gets no alert until it confirms, and gets the
 * next one after; the link works once; another user cannot resend for the channel.
 */
const confirmationTokenFrom = (mail: StoredEmail): string => {
  const found = /\/confirm-channel\?token=([A-Za-z0-9_%-]+)/.exec(mail.body.text ?? '');
  if (!found?.[1]) throw new Error(`no confirmation link in: ${mail.body.text}`);
  return decodeURIComponent(found[1]);
};

const confirm = (token: string) =>
  api<ChannelConfirmationResult & { code?: string; detail?: string }>('/api/public/confirm-channel', { method: 'POST', body: { token } });

/** One down transition of a made-up monitor through the alerts queue (the account's default channels get it). */
const transition = async (userId: string, monitorName: string) => {
  const alert = madeUpDownAlert();
  await putOutboxEntry({ userId, monitorName, monitorUrl: 'https://shop.example.com/', alert });
  await sendToAlertsQueue({ kind: 'alert', userId, monitorName, monitorUrl: 'https://shop.example.com/', alert });
  await waitForOutboxStatus(alert.transitionId, 'sent');
  return alert;
};

const deliveriesOf = async (token: string, channelId: string) =>
  (await api<DeliveryList>(`/api/channels/${channelId}/deliveries`, { token })).body.deliveries;

beforeAll(async () => {
  await signInAdmin();
});

describe('confirming an e-mail recipient', () => {
  it('mails the address, skips alerts until it confirms, then sends the next one; the link works once', async () => {
    const owner = await userWithId('confirm-owner');
    const address = uniqueEmail('recipient');
    const created = await api<CreatedChannel>('/api/channels', { method: 'POST', token: owner.token, body: { type: 'email', name: 'On-call', config: { address } } });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('unconfirmed');

    const invitation = await latestMailTo(address);
    expect(invitation.subject).toBe(`${owner.email} wants to send Upwatch alerts to this address`);
    expect(invitation.body.text).toContain('If you did not expect this e-mail, you can ignore it');
    const token = confirmationTokenFrom(invitation);

    // Before confirming: the transition passes this channel by. A Slack channel beside it (to the
    // local sink) is delivered, so by then the e-mail channel would have had its delivery too.
    const slack = await api<CreatedChannel>('/api/channels', {
      method: 'POST',
      token: owner.token,
      body: { type: 'slack', name: 'Beside it', config: { webhook_url: `https://hooks.slack.com/services/T000/B000/confirm${Date.now()}` } },
    });
    expect(slack.status).toBe(201);
    await transition(owner.id, 'Unconfirmed shop');
    await waitFor('the Slack delivery of the same transition', async () =>
      (await deliveriesOf(owner.token, slack.body.id)).find((delivery) => delivery.monitor_name === 'Unconfirmed shop' && delivery.status === 'delivered'),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await deliveriesOf(owner.token, created.body.id)).toEqual([]);
    expect((await mailsTo(address)).map((mail) => mail.subject)).toEqual([invitation.subject]);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ outcome: 'confirmed', message: `Confirmed: alerts of ${owner.email}'s monitors will now reach ${address}.` });
    const listed = await api<ChannelList>('/api/channels', { token: owner.token });
    expect(listed.body.channels.find((channel) => channel.id === created.body.id)?.status).toBe('active');

    // The same link again is refused, like any used one-time link.
    const reused = await confirm(token);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'INVALID_TOKEN', detail: expect.stringMatching(/^This confirmation link is invalid, was used already or has expired/) });

    // After confirming: the next transition reaches the address, as the alert mail.
    await transition(owner.id, 'Confirmed shop');
    const alertMail = await waitFor('the alert mail at the confirmed address', async () =>
      (await mailsTo(address)).find((mail) => (mail.body.text ?? '').includes('Confirmed shop')),
    );
    expect(alertMail.body.text).toContain(`because ${owner.email} added this address`);
    expect((await mailsTo(address)).filter((mail) => (mail.body.text ?? '').includes('Unconfirmed shop'))).toHaveLength(0);
  }, 120_000);

  it('resends only for the owner’s unconfirmed channel, and a new address starts over', async () => {
    const owner = await userWithId('confirm-resend');
    const stranger = await userWithId('confirm-stranger');
    const address = uniqueEmail('resend');
    const created = await api<CreatedChannel>('/api/channels', { method: 'POST', token: owner.token, body: { type: 'email', name: 'Team', config: { address } } });
    expect(created.status).toBe(201);
    await latestMailTo(address);

    const resendPath = `/api/channels/${created.body.id}/resend-confirmation`;
    expect((await api(resendPath, { method: 'POST', token: stranger.token })).status).toBe(404);
    const resent = await api<{ message: string }>(resendPath, { method: 'POST', token: owner.token });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`We sent a new confirmation link to ${address}. Alerts go there once it is confirmed.`);
    const mails = await waitFor('the second link', async () => {
      const found = await mailsTo(address);
      return found.length >= 2 && found;
    });
    // Both links work until used: the older one confirms.
    expect((await confirm(confirmationTokenFrom(mails[0]!))).body.outcome).toBe('confirmed');
    const again = await api<{ detail: string }>(resendPath, { method: 'POST', token: owner.token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('This address is not awaiting confirmation (it is active), so there is nothing to resend.');

    // A new address is unconfirmed again and gets its own link; the old address's other link now confirms nothing.
    const moved = uniqueEmail('moved');
    const edited = await api<ChannelView>(`/api/channels/${created.body.id}`, { method: 'PUT', token: owner.token, body: { config: { address: moved } } });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('unconfirmed');
    await latestMailTo(moved);
    const stale = await confirm(confirmationTokenFrom(mails[1]!));
    expect(stale.body.outcome).toBe('address_changed');
    expect(stale.body.message).not.toContain(moved);
  }, 90_000);
});
