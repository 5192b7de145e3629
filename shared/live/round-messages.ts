import type { MonitorEffect, MonitorPatch } from '../checks/monitor-state.js';
import type { LiveMessage } from './messages.js';

/** What a monitor's card shows, as far as one round can change it (paused is the API's to push). */
export type ShownState = 'pending' | 'online' | 'degraded' | 'offline';

/** The shown state of an active monitor from its confirmed state and latest response (seconds) against its effective threshold (ms). */
export const shownState = (isUp: boolean | null, responseTimeSeconds: number | null, slowThresholdMs: number): ShownState => {
  if (isUp === null) return 'pending';
  if (!isUp) return 'offline';
  return responseTimeSeconds !== null && responseTimeSeconds * 1000 > slowThresholdMs ? 'degraded' : 'online';
};

/**
 * The pushes one applied round calls for (docs/live-status.md "Pushes"): `monitor.changed` when
 * the card's state moves (pending, online, degraded, offline) or an incident opens or resolves,
 * and `incident.changed` for each incident the round opened, resolved or recorded. A steady round
 * pushes nothing: the screens' poll shows its new response time.
 */
export const liveMessagesOfRound = (round: {
  monitorId: string;
  before: { isUp: boolean | null; responseTimeSeconds: number | null };
  /** The displayed fields the round set; null when it had no votes (nothing shown changed). */
  after: MonitorPatch | null;
  slowThresholdMs: number;
  effects: readonly MonitorEffect[];
}): LiveMessage[] => {
  const incidents: LiveMessage[] = [];
  for (const effect of round.effects) {
    const incidentId =
      effect.kind === 'incident_opened' || effect.kind === 'up_recorded' ? effect.incident.id : effect.kind === 'incident_resolved' ? effect.incidentId : null;
    if (incidentId && !incidents.some((message) => message.type === 'incident.changed' && message.incident_id === incidentId)) {
      incidents.push({ type: 'incident.changed', incident_id: incidentId, monitor_id: round.monitorId });
    }
  }
  const moved =
    round.after !== null &&
    shownState(round.before.isUp, round.before.responseTimeSeconds, round.slowThresholdMs) !==
      shownState(round.after.is_up, round.after.response_time, round.slowThresholdMs);
  return moved || incidents.length ? [{ type: 'monitor.changed', monitor_id: round.monitorId }, ...incidents] : [];
};
