import { ulid } from 'ulid';
import { checkOptionsView, type CheckOptions } from '../../../shared/monitors/check-options.js';
import type { CreateMonitorInput, Monitor } from '../../../shared/monitors/schemas.js';

/**
 * A monitor as it is first stored: active, never checked. Shared by the single create and the bulk
 * upload so both store the same thing. `id` defaults to a ULID of `now`; a bulk upload passes ids
 * from one monotonic factory so its monitors keep the file's order. `options` are the stored check
 * options (check-options-input.ts); the monitor shows them as the API does.
 */
export const newMonitor = (input: CreateMonitorInput, now: Date, id: string = ulid(now.getTime()), options?: CheckOptions): Monitor => ({
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
  ssl: null,
});
