import { describe, expect, it } from 'vitest';
import { planChangedEmail } from '../../../functions/services/billing/billing-emails.js';

const reader = { to: 'owner@example.com', timezone: null, appUrl: 'https://app.example.com' };
const textOf = (mail: ReturnType<typeof planChangedEmail>): string => JSON.stringify(mail);

// docs/billing.md "Downgrades": the plan mail names the monitors moved to the new plan's floor.
describe('the plan-change mail', () => {
  it('lists the monitors now checked less often, with what they were', () => {
    const mail = planChangedEmail(reader, {
      from: 'business',
      to: 'free',
      reason: 'cancelled',
      disabled: [],
      slowed: [
        { id: 'a', name: 'Shop', url: 'https://shop.example.com', from: 60, to: 300 },
        { id: 'b', name: 'API', url: 'https://api.example.com', from: 30, to: 300 },
      ],
    });
    expect(textOf(mail)).toContain(
      'Your Free plan checks at most every 5 minutes, so these 2 monitors are now checked every 5 minutes: Shop (was every minute), API (was every 30 seconds).',
    );
  });

  it('says one monitor in the singular, and nothing when none moved', () => {
    const one = planChangedEmail(reader, { from: 'pro', to: 'free', reason: 'downgrade', disabled: [], slowed: [{ id: 'a', name: 'Shop', url: 'https://shop.example.com', from: 60, to: 300 }] });
    expect(textOf(one)).toContain('so this monitor is now checked every 5 minutes: Shop (was every minute).');
    const none = planChangedEmail(reader, { from: 'pro', to: 'free', reason: 'downgrade', disabled: [], slowed: [] });
    expect(textOf(none)).not.toContain('now checked every');
  });
});
