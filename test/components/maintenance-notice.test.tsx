import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaintenanceNotice } from '@/components/ui/maintenance-notice';

/** docs/maintenance.md "What a window does": a monitor in a window says so, in the reader's timezone. */
describe('the maintenance notice on a monitor', () => {
  it('says alerts are muted in a mute_alerts window', () => {
    render(<MaintenanceNotice maintenance={{ window_id: 'w1', until: '2026-11-29T05:30:00.000Z', mode: 'mute_alerts' }} timeZone="Asia/Kolkata" />);
    const notice = screen.getByTestId('maintenance-notice');
    expect(notice.textContent).toMatch(/^In maintenance until .*11:00.*: checks go on, alerts are muted and this time is left out of uptime\.$/);
  });

  it('says checks are paused in a pause_checks window', () => {
    render(<MaintenanceNotice maintenance={{ window_id: 'w1', until: '2026-11-29T05:30:00.000Z', mode: 'pause_checks' }} timeZone="UTC" />);
    expect(screen.getByTestId('maintenance-notice').textContent).toMatch(/5:30.*: checks are paused and this time is left out of uptime\.$/);
  });
});
