import { describe, expect, it } from 'vitest';
import {
  PRIORITY_SUPPORT_TEXT,
  queueGroupOf,
  replyPromiseText,
  respondByOf,
  responseHoursOf,
  supportQueueOrder,
  timeLeftText,
} from '../../../shared/support/queue.js';
import { TIER_IDS, TIERS } from '../../../shared/tiers.js';

/** The support queue's rules (docs/product-rules.md "Priority support"), with a fixed clock. */

const NOW = new Date('2026-11-28T12:00:00.000Z');
const at = (hoursFromNow: number): string => new Date(NOW.getTime() + hoursFromNow * 3_600_000).toISOString();

const message = (id: string, fields: { priority?: boolean; respond_by: string; answered_at?: string | null }) => ({
  id,
  priority: fields.priority ?? false,
  respond_by: fields.respond_by,
  answered_at: fields.answered_at ?? null,
});

describe('response targets', () => {
  it('are 4 hours for priority, 2 for sales, 24 for everything else: the shortest that applies', () => {
    expect(PRIORITY_SUPPORT_TEXT).toBe('Support within 4 hours');
    expect(responseHoursOf({ priority: true, subject: 'support' })).toBe(4);
    expect(responseHoursOf({ priority: false, subject: 'support' })).toBe(24);
    expect(responseHoursOf({ priority: false, subject: 'sales' })).toBe(2);
    expect(responseHoursOf({ priority: true, subject: 'sales' })).toBe(2);
    expect(respondByOf('2026-11-28T12:00:00.000Z', 4)).toBe('2026-11-28T16:00:00.000Z');
  });

  it('priority support is a flag of Business and Enterprise, an account manager of Enterprise', () => {
    expect(TIER_IDS.filter((id) => TIERS[id].prioritySupport)).toEqual(['business', 'enterprise']);
    expect(TIER_IDS.filter((id) => TIERS[id].accountManager)).toEqual(['enterprise']);
  });

  it('the confirmation keeps the product\'s words for the general target', () => {
    expect(replyPromiseText({ priority: false, reply_within_hours: 24 })).toBe("We'll get back to you within 24 hours.");
    expect(replyPromiseText({ priority: true, reply_within_hours: 4 })).toBe("Priority support: we'll get back to you within 4 hours.");
  });
});

describe('the queue by time left', () => {
  it('puts overdue first (longest overdue on top), then priority by deadline, then the rest by deadline, then the answered', () => {
    const messages = [
      message('rest-later', { respond_by: at(20) }),
      message('answered-early', { priority: true, respond_by: at(-30), answered_at: at(-40) }),
      message('priority-later', { priority: true, respond_by: at(3) }),
      message('overdue-rest', { respond_by: at(-1) }),
      message('rest-sooner', { respond_by: at(1) }),
      message('priority-sooner', { priority: true, respond_by: at(0.5) }),
      message('overdue-priority-longest', { priority: true, respond_by: at(-2) }),
      message('answered-late', { respond_by: at(5), answered_at: at(-0.1) }),
    ];
    expect(supportQueueOrder(messages, NOW).map((m) => m.id)).toEqual([
      'overdue-priority-longest',
      'overdue-rest',
      'priority-sooner',
      'priority-later',
      'rest-sooner',
      'rest-later',
      'answered-late',
      'answered-early',
    ]);
  });

  it('a message is overdue from its deadline on, and answered whatever its deadline', () => {
    expect(queueGroupOf(message('a', { respond_by: NOW.toISOString() }), NOW)).toBe('overdue');
    expect(queueGroupOf(message('a', { priority: true, respond_by: at(0.01) }), NOW)).toBe('priority');
    expect(queueGroupOf(message('a', { respond_by: at(0.01) }), NOW)).toBe('waiting');
    expect(queueGroupOf(message('a', { respond_by: at(-5), answered_at: at(-1) }), NOW)).toBe('answered');
  });

  it('says the time left, or how long overdue, in hours and minutes', () => {
    expect(timeLeftText(at(3 + 20 / 60), NOW)).toBe('3 h 20 min left');
    expect(timeLeftText(at(4), NOW)).toBe('4 h left');
    expect(timeLeftText(at(0.25), NOW)).toBe('15 min left');
    expect(timeLeftText(at(-0.75), NOW)).toBe('Overdue by 45 min');
    expect(timeLeftText(NOW.toISOString(), NOW)).toBe('Overdue by 1 min');
  });
});
