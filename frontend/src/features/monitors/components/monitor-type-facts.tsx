import type { Monitor } from '@shared/monitors/schemas.js';
import { spaMonitorType } from '@/components/monitor-types';

/**
 * What a card says about a monitor of another type (docs/checks.md "Monitor types"), from its
 * module in types/: a heartbeat's last ping, a DNS monitor's record. A TCP monitor's host:port is
 * its address line already.
 */
export function MonitorTypeFacts({ monitor, timeZone }: { monitor: Monitor; timeZone: string | null }) {
  const { CardFacts } = spaMonitorType(monitor.monitor_type);
  return CardFacts ? <CardFacts monitor={monitor} timeZone={timeZone} /> : null;
}
