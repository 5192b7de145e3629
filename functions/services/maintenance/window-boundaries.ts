import { wantsNotificationMail } from '../../../shared/account/notifications.js';
import { expiresAt } from '../../../shared/checks/retention.js';
import { dayStart, minutesByUtcDay } from '../../../shared/status-pages/day-bars.js';
import type { TierId } from '../../../shared/tiers.js';
import { coveredSince, endOfWindowAlert, stampOccurrence, type MaintenanceStamp } from '../../../shared/maintenance/stamp.js';
import { activeOccurrence, nextOccurrences, type MaintenanceOccurrence, type MaintenanceWindow } from '../../../shared/maintenance/windows.js';
import { typeOfTarget } from '../../../shared/monitors/monitor-types.js';
import { logger } from '../../observability/logger.js';
import { sendAlerts } from '../../repositories/alert-queue-repository.js';
import { dayMaintenanceMinutes } from '../../repositories/day-rollups.js';
import { getUserIncident } from '../../repositories/incident-repository.js';
import { sendEmailWithId } from '../../repositories/mail-repository.js';
import {
  clearStamp,
  deleteBoundary,
  getBoundary,
  getMonitorSchedule,
  leaveDispatch,
  listDueBoundaries,
  putBoundary,
  rejoinDispatch,
  stampMonitor,
  type BoundaryRecord,
} from '../../repositories/maintenance-boundary-repository.js';
import { getMonitorForChecks, getMonitorsForChecks } from '../../repositories/monitor-check-state-repository.js';
import { getNotificationPreferences } from '../../repositories/notification-preferences-repository.js';
import { claimReportDelivery, markReportSent, releaseReportDelivery } from '../../repositories/report-delivery-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { getUserTier } from '../../repositories/user-tier-repository.js';
import { statusPageCoverage, type StatusPageCoverage } from '../status-pages/list-status-pages.js';
import { maintenanceNotice, queueNoticeToSubscribers } from '../status-pages/subscribers/queue-notice.js';
import { maintenanceEmail, type MaintenanceMailKind } from './maintenance-email.js';

/**
 * The boundary job (docs/maintenance.md "What a window does"): every minute it takes the windows
 * whose next boundary is due (a sparse index, keys.ts 55b) and brings their monitors in line with
 * the window at that moment:
 * - an occurrence starts: each covered monitor's state item gets the stamp (the processor then mutes
 *   its alerts and counts its rounds as maintenance); a pause_checks window also takes it out of the
 *   due index; the owner is mailed "started";
 * - it ends: the stamp goes, with one down alert for a monitor still down of an outage the owner
 *   has not heard of (through the outbox, so once); a paused monitor goes back into the due index;
 *   the owner is mailed "ended";
 * - a new window: the owner is mailed "scheduled", once; a window whose times were edited since:
 *   "rescheduled", once per edit.
 * A window set on a whole status page covers the page's monitors as they are at each run, and
 * while it runs the job looks at it every minute, so a component added meanwhile is covered from
 * the next minute and one removed is let go.
 * Each but "rescheduled" is also queued for the subscribers of the status pages that show a
 * covered component (docs/status-pages.md "Subscriber mails"), whatever the owner's own preference.
 * Then the window's next boundary is written (the running occurrence's end, or the next start).
 * Running it twice for the same moment changes nothing: every step is judged on what is stored.
 */

/** How the job reads a window (maint-core's repository); null when it was deleted. */
export type WindowLoader = (userId: string, windowId: string) => Promise<MaintenanceWindow | null>;

/** The name and monitors of one of the user's status pages now; null when it is gone. */
export type PageCoverageLoader = (userId: string, pageId: string) => Promise<StatusPageCoverage | null>;

export interface BoundaryDeps {
  loadWindow: WindowLoader;
  /** How a page window's page is read (absent: the status pages' own, `statusPageCoverage`). */
  pageCoverage?: PageCoverageLoader;
  /** Where end-of-window alerts go at once; the outbox sweeper sends them anyway. */
  alertsQueueUrl: string | null;
  appUrl: string;
}

/** A stamp loses its claim after this many lost races with rounds (a monitor checked every few seconds). */
const MAX_ATTEMPTS = 5;

type Active = NonNullable<BoundaryRecord['active']>;

/** What a window covers at this run: its monitors, or its page's monitors now, and the page's name (docs/maintenance.md "The model"). */
export interface WindowCoverage {
  monitorIds: string[];
  /** Null for a window over chosen monitors, or one whose page is gone. */
  statusPageName: string | null;
}

/** A window over chosen monitors covers them; one over a whole page covers the page's monitors as they are now (none once the page is gone). */
export const coverageOf = async (window: MaintenanceWindow, deps: Pick<BoundaryDeps, 'pageCoverage'>): Promise<WindowCoverage> => {
  if (!window.status_page_id) return { monitorIds: [...window.monitor_ids], statusPageName: null };
  const page = await (deps.pageCoverage ?? statusPageCoverage)(window.user_id, window.status_page_id);
  return { monitorIds: page ? [...page.monitorIds] : [], statusPageName: page?.name ?? null };
};

const desiredOf = (window: MaintenanceWindow | null, occurrence: MaintenanceOccurrence | null, coverage: WindowCoverage | null): Active | null =>
  window && occurrence && coverage
    ? {
        stamp: { window_id: window.id, starts_at: occurrence.starts_at, until: occurrence.ends_at, mode: window.mode },
        monitorIds: coverage.monitorIds,
      }
    : null;

/** The fields that say when a window runs: an edit that changes them re-announces it (the "rescheduled" mail). */
export const scheduleOf = (window: Pick<MaintenanceWindow, 'timezone' | 'starts_at' | 'ends_at' | 'rrule'>): string =>
  JSON.stringify([window.timezone, window.starts_at, window.ends_at, window.rrule]);

/** The next minute's start: the job runs each minute, so a boundary due then is taken at that run. */
const nextMinute = (now: Date): string => new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000).toISOString();

/**
 * The day items' share of an occurrence that ends on a monitor (docs/status-pages.md "Daily bars"):
 * the minutes from when it began to cover the monitor (its start, or the stamping of a monitor that
 * joined later) to its end (or to now, when it ends early) on each UTC day, for the transaction that
 * removes the stamp; each day expires by the owner's retention.
 */
const maintenanceDays = (monitorId: string, stamp: MaintenanceStamp, endedAt: string, tier: TierId) => {
  const end = new Date(Math.min(Date.parse(stamp.until), Date.parse(endedAt)));
  return minutesByUtcDay(new Date(coveredSince(stamp)), end).map(({ day, minutes }) =>
    dayMaintenanceMinutes(monitorId, day, minutes, expiresAt(new Date(dayStart(day)), tier)),
  );
};

const stampOne = async (userId: string, monitorId: string, stamp: Active['stamp'], at: string): Promise<boolean> => {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const monitor = await getMonitorForChecks(userId, monitorId);
    if (!monitor) return false;
    const open = monitor.state.openIncident;
    const full: MaintenanceStamp = {
      ...stamp,
      down_incident_at_start: monitor.state.isUp === false && open?.type === 'down' ? open.id : null,
      stamped_at: at,
    };
    if (await stampMonitor(monitor, full)) {
      if (stamp.mode === 'pause_checks') await leaveDispatch(userId, monitorId);
      return true;
    }
  }
  logger.warn('Could not stamp a monitor for maintenance; the next run tries again', { userId, monitorId, window: stamp.window_id });
  return false;
};

const unstampOne = async (
  userId: string,
  monitorId: string,
  stamp: Active['stamp'],
  deps: BoundaryDeps,
  endedAt: string,
  tier: () => Promise<TierId>,
): Promise<void> => {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const monitor = await getMonitorForChecks(userId, monitorId);
    if (!monitor?.maintenance || stampOccurrence(monitor.maintenance) !== stampOccurrence(stamp)) break;
    const open = monitor.state.openIncident;
    const incident = monitor.state.isUp === false && open?.type === 'down' ? await getUserIncident(userId, open.id) : null;
    const alert = endOfWindowAlert({
      monitorId,
      stamp: monitor.maintenance,
      state: monitor.state,
      incident,
      monitorType: typeOfTarget(monitor.target),
      endedAt,
    });
    const days = maintenanceDays(monitorId, monitor.maintenance, endedAt, await tier());
    if ((await clearStamp(monitor, monitor.maintenance, alert, days)) === 'stale') continue;
    if (alert && deps.alertsQueueUrl) {
      await sendAlerts(deps.alertsQueueUrl, [
        { kind: 'alert', userId, monitorName: monitor.name, monitorUrl: monitor.url, monitorType: typeOfTarget(monitor.target), alert },
      ]).catch((error: unknown) => logger.error('Could not queue the end-of-maintenance alert; it waits in the outbox', { monitorId, error }));
    }
    break;
  }
  if (stamp.mode === 'pause_checks') {
    const schedule = await getMonitorSchedule(userId, monitorId);
    if (schedule) await rejoinDispatch(userId, monitorId, schedule.intervalSeconds, schedule.phaseSeconds);
  }
};

/**
 * Mails the owner once per window and boundary, if they keep `maintenance_alerts` on; false when
 * not sent. `coverage`: what the window covers at this run (absent: its own monitor_ids).
 */
export const mailOwner = async (opts: {
  kind: MaintenanceMailKind;
  window: MaintenanceWindow;
  occurrence: MaintenanceOccurrence;
  now: Date;
  appUrl: string;
  coverage?: WindowCoverage;
}): Promise<boolean> => {
  const { window } = opts;
  const [profile, preferences] = await Promise.all([getUserProfile(window.user_id), getNotificationPreferences(window.user_id)]);
  if (!profile?.email || !profile.is_active || !wantsNotificationMail(preferences, 'maintenance')) return false;
  // One mail per window and boundary: the scheduled one per window, the rescheduled one per edit, the others per occurrence.
  const periodStart = { scheduled: window.created_at, rescheduled: window.updated_at, started: opts.occurrence.starts_at, ended: opts.occurrence.starts_at }[opts.kind];
  const delivery = { userId: window.user_id, kind: `maintenance_${opts.kind}#${window.id}`, periodStart };
  if (!(await claimReportDelivery(delivery, opts.now, 120))) return false;
  try {
    const coverage = opts.coverage ?? { monitorIds: window.monitor_ids, statusPageName: null };
    const monitors = await getMonitorsForChecks(coverage.monitorIds.map((monitorId) => ({ userId: window.user_id, monitorId })));
    const monitorNames = [...monitors.values()].flatMap((monitor) => (monitor ? [monitor.name] : []));
    const messageId = await sendEmailWithId(
      maintenanceEmail({
        kind: opts.kind,
        to: profile.email,
        timezone: profile.timezone,
        window,
        occurrence: opts.occurrence,
        monitorNames,
        statusPageName: window.status_page_id ? coverage.statusPageName : null,
        appUrl: opts.appUrl,
      }),
    );
    await markReportSent(delivery, { messageId, now: opts.now });
    return true;
  } catch (error) {
    await releaseReportDelivery(delivery);
    throw error;
  }
};

/**
 * Tells the owner (mailOwner) and, but for "rescheduled", the subscribers of the pages that show the
 * window's components (one queue message per page; each subscriber's mail is claimed, so a re-run
 * mails nobody twice).
 */
const announce = async (opts: Parameters<typeof mailOwner>[0]): Promise<void> => {
  await mailOwner(opts);
  const { kind } = opts;
  if (kind === 'rescheduled') return;
  await queueNoticeToSubscribers(opts.window.user_id, maintenanceNotice(`maintenance_${kind}`, opts.window, opts.occurrence));
};

/** Brings one window's monitors in line with the window at `now` and writes its next boundary. */
export const syncMaintenanceWindow = async (userId: string, windowId: string, now: Date, deps: BoundaryDeps): Promise<void> => {
  const [window, boundary] = await Promise.all([deps.loadWindow(userId, windowId), getBoundary(userId, windowId)]);
  const coverage = window ? await coverageOf(window, deps) : null;
  const occurrence = window ? activeOccurrence(window, now) : null;
  const desired = desiredOf(window, occurrence, coverage);
  const current = boundary?.active ?? null;
  const at = now.toISOString();
  const upcoming = window ? (occurrence ?? nextOccurrences(window, now, 1)[0] ?? null) : null;
  let tierRead: Promise<TierId> | null = null;
  const tier = () => (tierRead ??= getUserTier(userId));
  const mail = (kind: MaintenanceMailKind, about: MaintenanceWindow, occurrenceOf: MaintenanceOccurrence) =>
    announce({ kind, window: about, occurrence: occurrenceOf, now, appUrl: deps.appUrl, coverage: coverage ?? undefined });
  // A new window is announced first, before its first occurrence can start; one whose times were
  // edited since it was announced is announced again, once per edit.
  let announced = boundary?.announced ?? false;
  let announcedSchedule = boundary?.announcedSchedule ?? null;
  const schedule = window ? scheduleOf(window) : null;
  if (window && !announced && upcoming) {
    await mail('scheduled', window, upcoming);
    announced = true;
    announcedSchedule = schedule;
  } else if (window && announced && upcoming && announcedSchedule !== null && announcedSchedule !== schedule) {
    await mail('rescheduled', window, upcoming);
    announcedSchedule = schedule;
  } else if (announced) announcedSchedule = schedule;
  const sameOccurrence = Boolean(current && desired && stampOccurrence(current.stamp) === stampOccurrence(desired.stamp) && current.stamp.mode === desired.stamp.mode);

  if (current && !sameOccurrence) {
    for (const monitorId of current.monitorIds) await unstampOne(userId, monitorId, current.stamp, deps, at, tier);
    if (window && !desired) {
      const ended = { window_id: windowId, starts_at: current.stamp.starts_at, ends_at: current.stamp.until };
      await mail('ended', window, ended);
    }
  }
  if (current && sameOccurrence && desired) {
    // The window was edited while it runs (or its page's components changed): monitors taken out end now, new ones start now.
    for (const monitorId of current.monitorIds.filter((id) => !desired.monitorIds.includes(id))) await unstampOne(userId, monitorId, current.stamp, deps, at, tier);
  }
  let stamped: string[] = [];
  if (desired && occurrence && window) {
    for (const monitorId of desired.monitorIds) {
      const already = sameOccurrence && current!.monitorIds.includes(monitorId);
      if (already || (await stampOne(userId, monitorId, desired.stamp, at))) stamped.push(monitorId);
    }
    if (!sameOccurrence) await mail('started', window, occurrence);
  }

  if (!window) {
    await deleteBoundary(userId, windowId);
    return;
  }
  // A monitor that could not be stamped (races with its rounds) is tried again next minute.
  const missed = desired ? desired.monitorIds.filter((id) => !stamped.includes(id)) : [];
  stamped = desired ? stamped : [];
  // A page window that runs is looked at again each minute, for the page's components of that minute.
  const watchPage = Boolean(desired && window.status_page_id);
  let nextDueAt = missed.length ? new Date(now.getTime() + 60_000).toISOString() : (desired?.stamp.until ?? upcoming?.starts_at ?? null);
  if (watchPage && nextDueAt && nextMinute(now) < nextDueAt) nextDueAt = nextMinute(now);
  await putBoundary({ userId, windowId, active: desired ? { stamp: desired.stamp, monitorIds: stamped } : null, announced, announcedSchedule }, nextDueAt);
};

/** Windows handled per run at most; more wait for the next minute. */
export const BOUNDARIES_PER_RUN = 100;

/** The job's run: every due window, one at a time; one that fails stays due and is tried next minute. */
export const runDueMaintenanceBoundaries = async (now: Date, deps: BoundaryDeps): Promise<{ due: number; failed: number }> => {
  const due = await listDueBoundaries(now.toISOString(), BOUNDARIES_PER_RUN);
  let failed = 0;
  for (const { userId, windowId } of due) {
    try {
      await syncMaintenanceWindow(userId, windowId, now, deps);
    } catch (error) {
      failed++;
      logger.error('Could not apply a maintenance boundary; it stays due', { userId, windowId, error });
    }
  }
  return { due: due.length, failed };
};
