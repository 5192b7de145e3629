import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanIntervalNotice } from '../../frontend/src/features/monitors/components/plan-interval-notice';

// docs/billing.md "Downgrades": a monitor a smaller plan moved to its floor says so on its card.
describe('the plan interval notice', () => {
  const change = { from: 60, to: 300, at: '2026-11-28T05:00:00.000Z' };

  it('tells the owner the new interval, that it is the plan floor, and what it was', () => {
    render(<PlanIntervalNotice change={change} checkInterval={300} />);
    expect(screen.getByTestId('plan-interval-notice').textContent).toBe(
      'Now checked every 5 min, the shortest interval your plan allows (it was every 1 min before your plan changed).',
    );
  });

  it('goes once the interval is something else', () => {
    render(<PlanIntervalNotice change={change} checkInterval={600} />);
    expect(screen.queryByTestId('plan-interval-notice')).toBeNull();
  });
});
