import { ulid } from 'ulid';
import { checkOptionsView, type CheckOptions } from '../../../shared/monitors/check-options.js';
import type { CreateMonitorInput, Monitor } from '../../../shared/monitors/schemas.js';
import { monitorTypeView, type MonitorTarget } from '../../../shared/monitors/monitor-types.js';
import { config } from '../../config.js';

/**
 * A monitor as it is first stored: active, never checked. Shared by the single create and the bulk
 * upload so both store the same thing. `id` defaults to a ULID of `now`; a bulk upload passes ids
 * from one monotonic factory so its monitors keep the file's order. `options` are the stored check
 * options (check-options-input.ts); the monitor shows them as the API does.
 */
export const newMonitor = (
  input: CreateMonitorInput & { url: string },
  now: Date,
  id: string = ulid(now.getTime()),
  options?: CheckOptions,
  target?: MonitorTarget,
): Monitor => ({
  id,
  name: input.name,
  url: input.url,
  status: 'active',
  is_up: null,
  response_time: null,
  check_interval: input.check_interval,
  timeout: input.timeout,
  slow_threshold: input.slow_threshold,
  last_checked: null,
  latest_incident: null,
  created_at: now.toISOString(),
  ...checkOptionsView(options),
  ...monitorTypeView(target, { appUrl: target?.type === 'heartbeat' ? config().appUrl : '' }),
  ssl: null,
  channel_ids: input.channel_ids ?? null,
  alert_rules: input.alert_rules ?? null,
});
