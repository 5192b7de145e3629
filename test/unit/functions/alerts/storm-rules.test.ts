import { describe, expect, it } from 'vitest';
import {
  alertDigest,
  digestDueAt,
  digestHeadline,
  gapWait,
  IN_FLIGHT_LIMIT_MS,
  IN_PROCESS_WAIT_MS,
  joinsDigest,
  keepsSlot,
  paceIntervalMs,
  paceStep,
  SLOT_TOLERANCE_MS,
  STORM_INDIVIDUAL_LIMIT,
} from '../../../../functions/services/alerts/storm-rules.js';
import { CHANNEL_TYPE_DEFINITIONS, CHANNEL_TYPES } from '../../../../shared/alerts/channels/index.js';
import { digestWebhookPayload } from '../../../../shared/alerts/events.js';
import { APP_URL, downAlert, slowAlert, upAlert } from './channels/fixtures.js';

const NOW = new Date('2030-01-07T10:50:10.000Z');
const named = (name: string, alert = downAlert()) => ({ ...alert, monitor: { ...alert.monitor, name } });

describe('the storm rule', () => {
  it('sends the first five transitions of a window on their own and digests the sixth and later', () => {
    const seats = Array.from({ length: 8 }, (_, i) => i + 1);
    expect(seats.filter((seat) => !joinsDigest({ seat, channelType: 'slack', test: false }))).toEqual([1, 2, 3, 4, 5]);
    expect(STORM_INDIVIDUAL_LIMIT).toBe(5);
  });

  it('never digests PagerDuty (one trigger per incident) or a test', () => {
    expect(joinsDigest({ seat: 40, channelType: 'pagerduty', test: false })).toBe(false);
    expect(joinsDigest({ seat: 40, channelType: 'webhook', test: true })).toBe(false);
    for (const type of CHANNEL_TYPES.filter((t) => t !== 'pagerduty')) expect(joinsDigest({ seat: 6, channelType: type, test: false }), type).toBe(true);
  });

  it('sends a digest 30 s after its window opened, and a later one of the same window at least 5 s after it is made', () => {
    expect(digestDueAt('2030-01-07T10:50:00.000Z', NOW).toISOString()).toBe('2030-01-07T10:50:30.000Z');
    expect(digestDueAt('2030-01-07T10:50:00.000Z', new Date('2030-01-07T10:50:40.000Z')).toISOString()).toBe('2030-01-07T10:50:45.000Z');
  });

  it('says how many monitors are down, slow or back up', () => {
    const three = [named('Shop'), named('Blog'), named('API')];
    expect(digestHeadline(three, [], [])).toBe('3 monitors are down');
    expect(digestHeadline([named('Shop')], [], [])).toBe('1 monitor is down');
    expect(digestHeadline([slowAlert(), slowAlert()], [], [])).toBe('2 monitors are slow');
    expect(digestHeadline([named('Shop'), slowAlert()], [upAlert()], [])).toBe('2 monitors are down or slow, 1 is back up');
    expect(digestHeadline([], [upAlert(), upAlert()], [])).toBe('2 monitors are back up');
  });

  it('groups a digest by what happened, keeps the join order, and gives a webhook every event as it would have been', () => {
    const digest = alertDigest([named('Shop'), upAlert(), named('Blog')], APP_URL);
    expect(digest).toMatchObject({ type: 'incident.digest', headline: '2 monitors are down, 1 is back up', tone: 'alert', links: { incidents: `${APP_URL}/app/incidents` } });
    expect(digest.down.map((alert) => alert.monitor.name)).toEqual(['Shop', 'Blog']);
    expect(digest.up).toHaveLength(1);
    const payload = digestWebhookPayload(digest);
    expect(payload.data.counts).toEqual({ down: 2, up: 1, other: 0 });
    expect(payload.data.events.map((event) => event.type)).toEqual(['incident.opened', 'incident.opened', 'incident.resolved']);
    expect(payload.data.events[0]).not.toHaveProperty('data.tone');
  });
});

describe('pacing', () => {
  it('spaces one destination\'s messages further apart than its provider allows', () => {
    for (const type of CHANNEL_TYPES) {
      const { pacing } = CHANNEL_TYPE_DEFINITIONS[type];
      const interval = paceIntervalMs(pacing);
      // Any pacing.messages + 1 messages, each sent up to the tolerance late, span more than perSeconds.
      expect(pacing.messages * interval - SLOT_TOLERANCE_MS, type).toBeGreaterThan(pacing.perSeconds * 1000);
    }
    expect(paceIntervalMs({ messages: 1, perSeconds: 1 })).toBe(1200);
    expect(paceIntervalMs({ messages: 5, perSeconds: 2 })).toBe(480);
  });

  it('keeps a slot taken before unless it was missed by more than the tolerance', () => {
    expect(keepsSlot(null, NOW)).toBe(false);
    expect(keepsSlot('2030-01-07T10:50:12.000Z', NOW)).toBe(true);
    expect(keepsSlot(new Date(NOW.getTime() - SLOT_TOLERANCE_MS).toISOString(), NOW)).toBe(true);
    expect(keepsSlot(new Date(NOW.getTime() - SLOT_TOLERANCE_MS - 1).toISOString(), NOW)).toBe(false);
  });

  it('waits for the destination\'s previous send to finish, then for the provider\'s own spacing (a slow send arrived late)', () => {
    const slack = CHANNEL_TYPE_DEFINITIONS.slack.pacing;
    const ago = (ms: number) => NOW.getTime() - ms;
    expect(gapWait({ startedAt: null, finishedAt: null }, slack, NOW)).toBe(0);
    expect(gapWait({ startedAt: ago(500), finishedAt: ago(300) }, slack, NOW)).toBe(700);
    expect(gapWait({ startedAt: ago(1600), finishedAt: ago(1500) }, slack, NOW)).toBe(0);
    expect(gapWait({ startedAt: ago(200), finishedAt: ago(100) }, CHANNEL_TYPE_DEFINITIONS.discord.pacing, NOW)).toBe(300);
    // Still in flight (began after the last one finished): look again; unless it began so long ago that it died.
    expect(gapWait({ startedAt: ago(900), finishedAt: ago(2000) }, slack, NOW)).toBe('in_flight');
    expect(gapWait({ startedAt: ago(900), finishedAt: null }, slack, NOW)).toBe('in_flight');
    expect(gapWait({ startedAt: ago(IN_FLIGHT_LIMIT_MS), finishedAt: ago(IN_FLIGHT_LIMIT_MS + 50) }, slack, NOW)).toBe(0);
  });

  it('waits in the process for a slot up to two seconds ahead, and sends a later one back to the queue due just before it', () => {
    expect(paceStep(NOW.getTime() - 50, NOW)).toEqual({ step: 'send', waitMs: 0 });
    expect(paceStep(NOW.getTime() + 1500, NOW)).toEqual({ step: 'send', waitMs: 1500 });
    const later = paceStep(NOW.getTime() + 7000, NOW);
    expect(later).toEqual({ step: 'requeue', slotAt: new Date(NOW.getTime() + 7000), dueAt: new Date(NOW.getTime() + 7000 - IN_PROCESS_WAIT_MS) });
  });
});
