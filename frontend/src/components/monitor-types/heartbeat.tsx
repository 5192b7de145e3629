import { DEFAULT_HEARTBEAT_GRACE_SECONDS, HEARTBEAT_GRACE_RANGE } from '@shared/monitors/monitor-types.js';
import { Fact } from '../ui/fact';
import { TextField } from '../ui/form-field';
import { HeartbeatPushUrl } from '../ui/heartbeat-push-url';
import { formatTimestamp, relativeTime } from '../../utils/time';
import { bindField, numberOrText, type SpaMonitorType, type TypeFieldsProps } from './contract';

type HeartbeatValues = { heartbeat_grace_seconds: string };

function HeartbeatFields(props: TypeFieldsProps<HeartbeatValues>) {
  return (
    <TextField
      label="Grace time (seconds)"
      type="number"
      inputMode="numeric"
      min={HEARTBEAT_GRACE_RANGE.min}
      max={HEARTBEAT_GRACE_RANGE.max}
      hint="How late a ping may be before the monitor is down. The push URL for your job is shown once the monitor is saved."
      {...bindField(props, 'heartbeat_grace_seconds')}
    />
  );
}

/**
 * A heartbeat monitor (docs/checks.md "Heartbeat monitors"): the grace time; once saved, the push
 * URL its job calls and when the last ping came. It is not timed: its rounds are judged from the
 * last ping, so it has no timeout, slow threshold or response times.
 */
export const heartbeatSpaType = {
  hint: 'Your cron job or worker calls a secret URL; you hear from us when it stops.',
  timed: false,
  intervalLabel: 'Expected every',
  valuesOf: (monitor) => ({ heartbeat_grace_seconds: String(monitor?.heartbeat_grace_seconds ?? DEFAULT_HEARTBEAT_GRACE_SECONDS) }),
  input: (values) => ({ monitor_type: 'heartbeat', heartbeat_grace_seconds: numberOrText(values.heartbeat_grace_seconds || '0') }),
  Fields: HeartbeatFields,
  CardFacts: ({ monitor, timeZone }) => (
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
  ),
  TargetFacts: ({ monitor, timeZone }) => (
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
  ),
  SavedNotice: ({ monitor }) => (monitor.heartbeat_url ? <HeartbeatPushUrl url={monitor.heartbeat_url} /> : null),
} satisfies SpaMonitorType<HeartbeatValues>;
