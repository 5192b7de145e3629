import type { AlertEvent, IncidentRecord, MonitorCheckState } from '../checks/monitor-state.js';
import { incidentTitle } from '../checks/incident-details.js';
import type { MonitorType } from '../monitors/monitor-types.js';

/**
 * What a maintenance window does to one monitor while it runs (docs/maintenance.md "What a window
 * does"): the boundary job writes this stamp into the monitor's state item (keys.ts 8c) when an
 * occurrence starts and removes it when it ends. The result processor already reads the state item
 * every round, so muting costs no extra read: a stamped monitor's rounds move its state and record
 * incidents but alert nothing, and count as maintenance in the hour's rollup.
 */
export type MaintenanceStampMode = 'mute_alerts' | 'pause_checks';

export interface MaintenanceStamp {
  window_id: string;
  /** The occurrence's start and end, ISO UTC. */
  starts_at: string;
  until: string;
  mode: MaintenanceStampMode;
  /**
   * The down incident that was open (and so already alerted) when the occurrence began; null when
   * the monitor was not down. The end of the window alerts only an outage the owner has not heard of.
   */
  down_incident_at_start: string | null;
  /**
   * When the job stamped this monitor, ISO UTC: later than `starts_at` for a monitor that joined the
   * window while it ran (a component added to a page window's page). The minutes the window covered
   * it count from here (docs/status-pages.md "Daily bars"); absent on stamps written before: `starts_at`.
   */
  stamped_at?: string;
}

/** When a stamp's window began to cover its monitor: the later of the occurrence's start and the stamping. */
export const coveredSince = (stamp: Pick<MaintenanceStamp, 'starts_at' | 'stamped_at'>): string =>
  stamp.stamped_at && stamp.stamped_at > stamp.starts_at ? stamp.stamped_at : stamp.starts_at;

/** The occurrence a stamp stands for: the state item's write condition compares it (one string). */
export const stampOccurrence = (stamp: Pick<MaintenanceStamp, 'window_id' | 'starts_at'>): string => `${stamp.window_id}#${stamp.starts_at}`;

/** The stamp as stored in a state item's `maintenance` attribute, or null. */
export const toMaintenanceStamp = (value: unknown): MaintenanceStamp | null => {
  if (!value || typeof value !== 'object') return null;
  const stored = value as Record<string, unknown>;
  if (typeof stored.window_id !== 'string' || typeof stored.until !== 'string' || typeof stored.starts_at !== 'string') return null;
  return {
    window_id: stored.window_id,
    starts_at: stored.starts_at,
    until: stored.until,
    mode: stored.mode === 'pause_checks' ? 'pause_checks' : 'mute_alerts',
    down_incident_at_start: typeof stored.down_incident_at_start === 'string' ? stored.down_incident_at_start : null,
    ...(typeof stored.stamped_at === 'string' ? { stamped_at: stored.stamped_at } : {}),
  };
};

/**
 * The outbox key of the one alert an occurrence's end may send for a monitor: the same however often
 * the boundary job retries, so the outbox's `attribute_not_exists(PK)` sends it once.
 */
export const endOfWindowTransitionId = (monitorId: string, stamp: Pick<MaintenanceStamp, 'window_id' | 'starts_at'>): string =>
  `${monitorId}#maintenance#${stampOccurrence(stamp)}#down`;

/**
 * The alert due when a window ends (docs/maintenance.md "What a window does"): a monitor still down
 * whose outage began or was confirmed inside the window was never alerted, so it alerts now, once.
 * Nothing when it is up (an outage that came and went inside the window alerts nothing), and nothing
 * when the outage is the one already alerted before the window began.
 */
export const endOfWindowAlert = (opts: {
  monitorId: string;
  stamp: MaintenanceStamp;
  state: Pick<MonitorCheckState, 'isUp' | 'openIncident' | 'lastRound'>;
  /** The open down incident as stored (its texts); null when it could not be read. */
  incident: Pick<IncidentRecord, 'id' | 'message' | 'details' | 'started_at'> | null;
  monitorType: MonitorType | undefined;
  endedAt: string;
}): AlertEvent | null => {
  const { state, stamp, incident } = opts;
  const open = state.openIncident;
  if (state.isUp !== false || open?.type !== 'down' || !incident || incident.id !== open.id) return null;
  if (stamp.down_incident_at_start === open.id) return null;
  return {
    transitionId: endOfWindowTransitionId(opts.monitorId, stamp),
    event: 'down',
    monitorId: opts.monitorId,
    round: state.lastRound ?? opts.endedAt,
    incidentId: open.id,
    title: incidentTitle('down', { monitorType: opts.monitorType, errorCategory: incident.details.error_category }),
    message: incident.message,
    details: incident.details,
    occurredAt: opts.endedAt,
    since: incident.started_at,
  };
};

/**
 * What a monitor's card and page say while it is in a window (docs/maintenance.md "What a window
 * does"), `until` already formatted in the reader's timezone.
 */
export const maintenanceNoticeText = (mode: MaintenanceStampMode, until: string): string =>
  mode === 'pause_checks'
    ? `In maintenance until ${until}: checks are paused and this time is left out of uptime.`
    : `In maintenance until ${until}: checks go on, alerts are muted and this time is left out of uptime.`;
