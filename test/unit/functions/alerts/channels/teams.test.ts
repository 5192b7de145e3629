import { describe, expect, it } from 'vitest';
import { teamsMessage, teamsOutcome, teamsSender } from '../../../../../functions/services/alerts/channels/teams.js';
import { sampleChannelAlert } from '../../../../../functions/services/alerts/channel-alert.js';
import { ACK_URL, answer, APP_URL, context, downAlert, fakeDeps, NOW, upAlert } from './fixtures.js';

const TEAMS_URL = 'https://prod-01.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=xyz';

describe('teamsMessage', () => {
  it('wraps an Adaptive Card 1.4 in the workflow webhook envelope', () => {
    const message = teamsMessage(downAlert(), 'UTC');
    expect(message.type).toBe('message');
    expect(message.attachments).toHaveLength(1);
    const [attachment] = message.attachments;
    expect(attachment!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    const card = attachment!.content;
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: 'Shop is down', color: 'Attention', weight: 'Bolder' });
    expect(card.body[1]).toMatchObject({ type: 'TextBlock', text: 'Your website is down: your server is refusing connections.' });
    const factSet = card.body.find((element) => element.type === 'FactSet') as { facts: { title: string; value: string }[] };
    expect(factSet.facts).toContainEqual({ title: 'Monitor', value: 'Shop' });
    expect(factSet.facts).toContainEqual({ title: 'Regions', value: 'Down in: eu-west-1, us-east-1 · Up in: ap-south-1' });
    expect(card.body.some((element) => 'text' in element && element.text === 'What to do')).toBe(true);
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'View incident', url: `${APP_URL}/app/incidents/01HZZZINCIDENT` },
      { type: 'Action.OpenUrl', title: 'Acknowledge', url: ACK_URL },
    ]);
  });

  it('colours good news green and marks a test', () => {
    expect(teamsMessage(upAlert(), null).attachments[0]!.content.body[0]).toMatchObject({ text: 'Shop is back up', color: 'Good' });
    const test = teamsMessage(sampleChannelAlert({ appUrl: APP_URL, now: NOW }), null).attachments[0]!.content;
    expect(test.body[0]).toMatchObject({ text: '[Test] Example Website is down' });
    expect(test.body[1]).toMatchObject({ text: expect.stringMatching(/^This is a test alert with sample data/) });
  });
});

describe('teamsOutcome', () => {
  it('takes 200 and 202, and says what to do when the workflow is gone or refuses', () => {
    expect(teamsOutcome(answer(202), NOW)).toMatchObject({ ok: true, httpStatus: 202 });
    expect(teamsOutcome(answer(200), NOW)).toMatchObject({ ok: true, httpStatus: 200 });
    const gone = teamsOutcome(answer(404, '{"error":{"code":"WorkflowNotFound","message":"The workflow could not be found."}}'), NOW);
    expect(gone).toMatchObject({ ok: false, retryable: false, error: 'Microsoft Teams says the workflow no longer exists (404 WorkflowNotFound): create a new workflow webhook and update this channel.' });
    expect(teamsOutcome(answer(403, '{"error":{"code":"AuthorizationFailed"}}'), NOW)).toMatchObject({ retryable: false, error: expect.stringContaining('AuthorizationFailed') });
    expect(teamsOutcome(answer(400, '{"error":{"code":"InvalidRequestContent","message":"bad"}}'), NOW)).toMatchObject({
      retryable: false,
      error: 'Microsoft Teams rejected the message (400 InvalidRequestContent: bad).',
    });
    expect(teamsOutcome(answer(429, '{}', { 'retry-after': '1' }), NOW)).toMatchObject({ retryable: true, retryAfterSeconds: 1 });
    expect(teamsOutcome(answer(502), NOW)).toMatchObject({ retryable: true });
  });
});

describe('teamsSender', () => {
  it('posts the card as JSON to the workflow URL', async () => {
    const { deps, requests } = fakeDeps(answer(202));
    const outcome = await teamsSender.send(downAlert(), context<'teams'>({ webhook_url: TEAMS_URL }), deps);
    expect(outcome).toMatchObject({ ok: true, httpStatus: 202 });
    expect(requests[0]!.url).toBe(TEAMS_URL);
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive' }] });
  });
});
