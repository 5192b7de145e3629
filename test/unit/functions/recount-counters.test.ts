import { describe, expect, it } from 'vitest';
import { COUNTER_NAMES, type Counters } from '../../../functions/repositories/admin-counters-repository.js';
import { takesPlace } from '../../../functions/repositories/monitor-places-repository.js';
import { correctionsOf, countIncident, countMonitor, countUser, placesToCheck } from '../../../functions/services/admin/recount-counters.js';

const now = new Date('2026-11-29T03:30:00.000Z');
const nowSeconds = now.getTime() / 1000;
const zero = (): Counters => Object.fromEntries(COUNTER_NAMES.map((name) => [name, 0])) as Counters;

describe('the nightly recount of the operator counters (docs/admin.md "Counters")', () => {
  it('counts users in all, active and per tier, as signup and the admin edits do', () => {
    const counts = zero();
    countUser(counts, { isActive: true, tier: 'free' });
    countUser(counts, { isActive: false, tier: 'pro' });
    countUser(counts, { isActive: true, tier: 'pro' });
    expect(counts).toMatchObject({ users_total: 3, users_active: 2, users_tier_free: 1, users_tier_pro: 2, users_tier_business: 0 });
  });

  it('counts monitors in all and per status', () => {
    const counts = zero();
    for (const status of ['active', 'active', 'paused', 'disabled']) countMonitor(counts, { status });
    expect(counts).toMatchObject({ monitors_total: 4, monitors_active: 2, monitors_paused: 1, monitors_disabled: 1 });
  });

  it('counts open incidents and ended ones within their TTL, not those past it that DynamoDB has yet to delete', () => {
    const counts = zero();
    countIncident(counts, { status: 'open', expiresAt: null }, now);
    countIncident(counts, { status: 'resolved', expiresAt: nowSeconds + 1 }, now);
    countIncident(counts, { status: 'resolved', expiresAt: nowSeconds }, now);
    countIncident(counts, { status: 'resolved', expiresAt: nowSeconds - 86_400 }, now);
    expect(counts).toMatchObject({ incidents_total: 2, incidents_open: 1 });
  });

  it('adds only the differences, so a change counted while the walk ran stays counted', () => {
    const stored = { ...zero(), users_total: 10, incidents_total: 120, incidents_open: -1, monitors_total: 7 };
    const counted = { ...zero(), users_total: 10, incidents_total: 95, incidents_open: 2, monitors_total: 8 };
    expect(correctionsOf(stored, counted)).toEqual({ incidents_total: -25, incidents_open: 3, monitors_total: 1 });
    expect(correctionsOf(counted, counted)).toEqual({});
  });

  it('has a workspace\'s monitor count checked when it differs from the places its monitors take', () => {
    expect(takesPlace({ status: 'active', disabledReason: null })).toBe(true);
    expect(takesPlace({ status: 'paused', disabledReason: null })).toBe(true);
    // A deactivated account's monitors and an operator's held ones keep their places; a smaller plan's
    // disabled ones (no reason) gave them back.
    expect(takesPlace({ status: 'disabled', disabledReason: 'account_inactive' })).toBe(true);
    expect(takesPlace({ status: 'disabled', disabledReason: 'operator' })).toBe(true);
    expect(takesPlace({ status: 'disabled', disabledReason: null })).toBe(false);
    const stored = new Map([['right', 3], ['over', 5], ['empty', 0], ['lost', 2]]);
    const counted = new Map([['right', 3], ['over', 2], ['orphaned', 1]]);
    expect(placesToCheck(stored, counted)).toEqual(['over', 'lost']);
  });
});
