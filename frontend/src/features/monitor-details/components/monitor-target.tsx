import { MONITOR_TYPE_LABELS } from '@shared/monitors/monitor-types.js';
import type { ExportedCheck } from '@shared/insights/schemas.js';
import type { Monitor } from '@shared/monitors/schemas.js';
import { useAuth } from '@/lib/session';
import { spaMonitorType } from '@/components/monitor-types';
import { RegenerateHeartbeatUrl } from './regenerate-heartbeat-url';

/**
 * What a TCP, DNS or heartbeat monitor watches, on its detail page (docs/checks.md "Monitor
 * types"): the push URL and last ping of a heartbeat, a TCP monitor's host and port, a DNS
 * monitor's record and the answer its latest check got (the check's message).
 */
export function MonitorTarget({ monitor, checks }: { monitor: Monitor; checks: readonly ExportedCheck[] }) {
  const timeZone = useAuth().user?.timezone ?? null;
  const latest = checks[0];
  // The type's own facts and notice (its module in components/monitor-types/).
  const { TargetFacts, SavedNotice } = spaMonitorType(monitor.monitor_type);
  return (
    <section className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200" aria-labelledby="target-title" data-testid="monitor-target">
      <h2 id="target-title" className="font-semibold text-slate-900">
        {MONITOR_TYPE_LABELS[monitor.monitor_type]}
      </h2>
      {SavedNotice && <SavedNotice monitor={monitor} />}
      {monitor.monitor_type === 'heartbeat' && <RegenerateHeartbeatUrl monitorId={monitor.id} />}
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        {TargetFacts && <TargetFacts monitor={monitor} latest={latest} timeZone={timeZone} />}
      </dl>
    </section>
  );
}
