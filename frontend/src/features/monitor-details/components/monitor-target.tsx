import { MONITOR_TYPE_LABELS } from '@shared/monitors/monitor-types.js';
import type { ExportedCheck } from '@shared/insights/schemas.js';
import type { Monitor } from '@shared/monitors/schemas.js';
import { useAuth } from '@/lib/session';
import { formatTimestamp, relativeTime } from '@/utils/time';
import { Fact } from '@/components/ui/fact';
import { HeartbeatPushUrl } from '@/components/ui/heartbeat-push-url';

/**
 * What a TCP, DNS or heartbeat monitor watches, on its detail page (docs/checks.md "Monitor
 * types"): the push URL and last ping of a heartbeat, a TCP monitor's host and port, a DNS
 * monitor's record and the answer its latest check got (the check's message).
 */
export function MonitorTarget({ monitor, checks }: { monitor: Monitor; checks: readonly ExportedCheck[] }) {
  const timeZone = useAuth().user?.timezone ?? null;
  const latest = checks[0];
  return (
    <section className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200" aria-labelledby="target-title" data-testid="monitor-target">
      <h2 id="target-title" className="font-semibold text-slate-900">
        {MONITOR_TYPE_LABELS[monitor.monitor_type]}
      </h2>
      {monitor.monitor_type === 'heartbeat' && monitor.heartbeat_url && <HeartbeatPushUrl url={monitor.heartbeat_url} />}
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        {monitor.monitor_type === 'heartbeat' && (
          <>
            <Fact label="Last ping">
              {monitor.last_ping_at ? (
                <time dateTime={monitor.last_ping_at} title={formatTimestamp(monitor.last_ping_at, timeZone)}>
                  {relativeTime(monitor.last_ping_at, Date.now(), timeZone)}
                  {monitor.last_ping_failed ? ' (reported a failure)' : ''}
                </time>
              ) : (
                'Waiting for the first ping'
              )}
            </Fact>
            <Fact label="Expected every">{`${monitor.check_interval} s`}</Fact>
            <Fact label="Grace time">{`${monitor.heartbeat_grace_seconds ?? 0} s`}</Fact>
          </>
        )}
        {monitor.monitor_type === 'tcp' && (
          <>
            <Fact label="Host">{monitor.host}</Fact>
            <Fact label="Port">{monitor.port}</Fact>
            <Fact label="Latest check">{latest ? (latest.message ?? 'Connected') : 'Not checked yet'}</Fact>
          </>
        )}
        {monitor.monitor_type === 'dns' && (
          <>
            <Fact label="Record">{`${monitor.record_type} ${monitor.hostname}`}</Fact>
            <Fact label="Expected value">{monitor.expected_value ?? 'Any answer'}</Fact>
            <Fact label="Latest answer">{latest ? (latest.message ?? '—') : 'Not checked yet'}</Fact>
          </>
        )}
      </dl>
    </section>
  );
}
