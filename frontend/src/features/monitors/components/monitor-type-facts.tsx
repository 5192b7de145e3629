import type { Monitor } from '@shared/monitors/schemas.js';
import { formatTimestamp, relativeTime } from '@/utils/time';

/**
 * What a card says about a monitor of another type (docs/checks.md "Monitor types"): a heartbeat's
 * last ping, a DNS monitor's record. A TCP monitor's host:port is its address line already.
 */
export function MonitorTypeFacts({ monitor, timeZone }: { monitor: Monitor; timeZone: string | null }) {
  if (monitor.monitor_type === 'heartbeat') {
    return (
      <div className="col-span-2" data-testid="last-ping">
        <dt className="text-xs text-slate-500">Last ping</dt>
        <dd className={`mt-0.5 font-medium ${monitor.last_ping_failed ? 'text-red-700' : 'text-slate-900'}`}>
          {monitor.last_ping_at ? (
            <>
              <time dateTime={monitor.last_ping_at} title={formatTimestamp(monitor.last_ping_at, timeZone)}>
                {relativeTime(monitor.last_ping_at, Date.now(), timeZone)}
              </time>
              {monitor.last_ping_failed && ' (reported a failure)'}
            </>
          ) : (
            'Waiting for the first ping'
          )}
        </dd>
      </div>
    );
  }
  if (monitor.monitor_type === 'dns') {
    return (
      <div className="col-span-2" data-testid="dns-record">
        <dt className="text-xs text-slate-500">Record</dt>
        <dd className="mt-0.5 truncate font-medium text-slate-900">
          {monitor.record_type}
          {monitor.expected_value ? ` = ${monitor.expected_value}` : ''}
        </dd>
      </div>
    );
  }
  return null;
}
