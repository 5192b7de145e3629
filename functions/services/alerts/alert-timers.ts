import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import { durationInWords } from '../../../shared/checks/incident-details.js';
import type { OutboxEntry } from '../../repositories/alert-outbox-repository.js';
import { effectiveAlertRules } from '../../repositories/alert-rules-repository.js';
import {
  advanceAlertTimer,
  claimAlertTimer,
  deleteAlertTimer,
  listDueAlertTimers,
  startAlertTimer,
  type AlertTimer,
} from '../../repositories/alert-timer-repository.js';
import { getUserIncident } from '../../repositories/incident-repository.js';
import { getMaintenanceStamp } from '../../repositories/maintenance-boundary-repository.js';
import { getNotificationPreferences } from '../../repositories/notification-preferences-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { channelAlert } from './channel-alert.js';
import { acknowledgeLinksFor } from './acknowledge-links-for.js';
import { fanOutToChannels } from './fan-out-channels.js';

/**
 * Re-notification and escalation (docs/alerts.md "Alert rules"). A down alert whose rules ask for
 * either starts a timer for its incident (alert-timer-repository.ts); the alert-timers job (every
 * minute) sends what is due while the incident is open and nobody acknowledged it:
 * - escalation step i (after its `after_minutes`) to the step's channels, once;
 * - a reminder every `renotify_minutes` to the monitor's channels (one per run even if the job
 *   fell behind: a burst of overdue reminders helps no one).
 * A resolved or acknowledged incident, or one with nothing left to send, ends its timer.
 */
const MINUTE = 60_000;

/** When the next step or reminder is due, or null when nothing is left to send. */
export const nextTimerDue = (timer: Pick<AlertTimer, 'openedAt' | 'renotifyMinutes' | 'escalation' | 'stepsDone' | 'reminders'>): Date | null => {
  const opened = Date.parse(timer.openedAt);
  const times: number[] = [];
  const step = timer.escalation[timer.stepsDone];
  if (step) times.push(opened + step.after_minutes * MINUTE);
  if (timer.renotifyMinutes) times.push(opened + (timer.reminders + 1) * timer.renotifyMinutes * MINUTE);
  return times.length ? new Date(Math.min(...times)) : null;
};

/** Starts the incident's timer if its rules re-notify or escalate (a down alert only). */
export const startTimerOfTransition = async (entry: OutboxEntry): Promise<void> => {
  if (entry.alert.event !== 'down') return;
  const rules = await effectiveAlertRules(entry.userId, entry.alert.monitorId);
  if (!rules.renotify_minutes && !rules.escalation.length) return;
  const timer: Omit<AlertTimer, 'dueAt'> = {
    userId: entry.userId,
    incidentId: entry.alert.incidentId,
    transitionId: entry.transitionId,
    monitorName: entry.monitorName,
    monitorUrl: entry.monitorUrl,
    monitorType: entry.monitorType,
    alert: entry.alert,
    regions: entry.regions,
    openedAt: entry.alert.since ?? entry.alert.occurredAt,
    renotifyMinutes: rules.renotify_minutes,
    escalation: rules.escalation,
    stepsDone: 0,
    reminders: 0,
  };
  const due = nextTimerDue(timer);
  if (due) await startAlertTimer({ ...timer, dueAt: due.toISOString() });
};

/** The down alert again, saying why it comes again. */
const followUp = (timer: AlertTimer, headline: (original: string) => string, appUrl: string) => {
  const base = channelAlert({
    monitorName: timer.monitorName,
    monitorUrl: timer.monitorUrl,
    monitorType: timer.monitorType,
    alert: timer.alert,
    regions: timer.regions,
    appUrl,
    acknowledgeUrl: null,
    test: false,
  });
  return { ...base, headline: headline(base.headline) };
};

const TIMER_LEASE_MS = 2 * MINUTE;

/** Runs one due timer: sends what is due and moves it on (or ends it). */
const runTimer = async (due: AlertTimer, opts: { now: Date; queueUrl: string; appUrl: string }): Promise<'sent' | 'ended' | 'skipped'> => {
  const timer = await claimAlertTimer(due, new Date(opts.now.getTime() + TIMER_LEASE_MS).toISOString());
  if (!timer) return 'skipped';
  const [incident, profile] = await Promise.all([getUserIncident(timer.userId, timer.incidentId), getUserProfile(timer.userId)]);
  if (!incident || incident.status !== 'open' || incident.acknowledged_at || !profile?.is_active) {
    await deleteAlertTimer(timer.userId, timer.incidentId);
    return 'ended';
  }
  const [preferences, maintenance] = await Promise.all([
    getNotificationPreferences(timer.userId),
    getMaintenanceStamp(timer.userId, timer.alert.monitorId),
  ]);
  // In a maintenance window nothing is sent, but the steps and reminders due are counted as done,
  // so no burst follows the window (docs/maintenance.md "What a window does").
  const send: typeof fanOutToChannels = maintenance ? () => Promise.resolve(0) : fanOutToChannels;
  const minutesOpen = (opts.now.getTime() - Date.parse(timer.openedAt)) / MINUTE;
  const source = (suffix: string) => ({ userId: timer.userId, transitionId: `${timer.transitionId}#${suffix}`, alert: { monitorId: timer.alert.monitorId } });
  const links = acknowledgeLinksFor({ userId: timer.userId, alert: timer.alert as AlertEvent, appUrl: opts.appUrl, now: opts.now });

  let stepsDone = timer.stepsDone;
  while (timer.escalation[stepsDone] && timer.escalation[stepsDone]!.after_minutes <= minutesOpen) {
    const step = timer.escalation[stepsDone]!;
    stepsDone++;
    await send({
      entry: source(`esc${stepsDone}`),
      alert: followUp(timer, (headline) => `Escalated: ${headline} (not acknowledged for ${durationInWords(step.after_minutes * 60)})`, opts.appUrl),
      preferences,
      queueUrl: opts.queueUrl,
      now: opts.now,
      onlyChannelIds: step.channel_ids,
      acknowledgeLinkFor: links,
    });
  }
  let reminders = timer.reminders;
  if (timer.renotifyMinutes && (reminders + 1) * timer.renotifyMinutes <= minutesOpen) {
    reminders = Math.floor(minutesOpen / timer.renotifyMinutes);
    await send({
      entry: source(`r${reminders}`),
      alert: followUp(timer, (headline) => `Reminder: ${headline} (for ${durationInWords(minutesOpen * 60)}, not acknowledged)`, opts.appUrl),
      preferences,
      queueUrl: opts.queueUrl,
      now: opts.now,
      acknowledgeLinkFor: links,
    });
  }
  const next = nextTimerDue({ ...timer, stepsDone, reminders });
  if (!next) await deleteAlertTimer(timer.userId, timer.incidentId);
  else await advanceAlertTimer(timer, { stepsDone, reminders, dueAt: next.toISOString() });
  return 'sent';
};

/** Timers handled per run at most; more wait for the next minute. */
export const TIMERS_PER_RUN = 200;

export const runDueAlertTimers = async (opts: { now: Date; queueUrl: string; appUrl: string }): Promise<{ due: number; sent: number; ended: number }> => {
  const due = await listDueAlertTimers(opts.now.toISOString(), TIMERS_PER_RUN);
  let sent = 0;
  let ended = 0;
  for (const timer of due) {
    const outcome = await runTimer(timer, opts);
    if (outcome === 'sent') sent++;
    if (outcome === 'ended') ended++;
  }
  return { due: due.length, sent, ended };
};
