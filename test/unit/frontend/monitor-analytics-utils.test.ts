import { describe, expect, it } from 'vitest';
import { hasPhases, stackedTotal, stepLabeller, uptimeColour } from '../../../frontend/src/features/monitor-details/utils/analytics';

const phases = (dns: number | null, connect: number | null, tls: number | null, ttfb: number | null) => ({ dns_ms: dns, connect_ms: connect, tls_ms: tls, ttfb_ms: ttfb });

describe('the analytics panel pure parts', () => {
  it('stacks the phases a check had; one without TLS adds nothing for it', () => {
    expect(stackedTotal(phases(4, 20, 30, 80))).toBe(134);
    expect(stackedTotal(phases(null, 20, null, 80))).toBe(100);
    expect(hasPhases([{ start: 'x', checks: 0, uptime: null, p95_ms: null, phases: phases(null, null, null, null), incidents: [] }])).toBe(false);
  });

  it('names a day by its UTC date whatever the viewer’s zone, and colours uptime like the response-time strip', () => {
    expect(stepLabeller('day')({ start: '2026-11-28T00:00:00.000Z' })).toBe('Nov 28');
    expect(uptimeColour(null)).toBe('#e2e8f0');
    expect(uptimeColour(100)).toBe('#10b981');
    expect(uptimeColour(99.5)).toBe('#f59e0b');
    expect(uptimeColour(0)).toBe('#ef4444');
  });
});
