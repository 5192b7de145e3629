import {
  addCounters,
  BAR_DAYS,
  lastUtcDays,
  MAINTENANCE_MINUTES_COUNTER,
  minutesByUtcDay,
  type DayCounters,
} from '../../../shared/status-pages/day-bars.js';
import type { MonitorNow } from '../../../shared/status-pages/page-state.js';
import { buildPublicStatusPage } from '../../../shared/status-pages/public-page-builder.js';
import type { PublicStatusPage } from '../../../shared/status-pages/public-page.js';
import { STATUS_PAGE_SLUG_PATTERN } from '../../../shared/status-pages/schemas.js';
import { storedSlowThresholdMs } from '../../repositories/monitor-items.js';
import { readDayRollups, readIncidentsById, readIncidentsSince, readPageMonitors, type MonitorWithState } from '../../repositories/status-page-reads.js';
import type { SourceIncident } from '../../../shared/status-pages/public-page-builder.js';
import { findStatusSlug, getStatusPage, type StoredStatusPage } from '../../repositories/status-page-repository.js';
import { listWindows } from '../../repositories/maintenance-window-repository.js';
import { occurrencesBetween } from '../../../shared/maintenance/windows.js';
import { pageMaintenance } from '../../../shared/status-pages/page-maintenance.js';
import { coveredSince, toMaintenanceStamp } from '../../../shared/maintenance/stamp.js';

const DAY_MS = 86_400_000;

/** What the checks say of a monitor now, from its items (a paused monitor keeps its last state). */
const monitorNow = ({ monitor, state }: MonitorWithState, now: Date): MonitorNow => {
  const responseTime = typeof state?.response_time === 'number' ? state.response_time : null;
  const maintenance = state?.maintenance as { until?: unknown } | undefined;
  return {
    isUp: typeof state?.is_up === 'boolean' ? state.is_up : null,
    slow: state?.is_up === true && responseTime !== null && responseTime * 1000 > storedSlowThresholdMs(monitor),
    // A window covering the monitor now stamps its state item until it ends (docs/status-pages.md "The public page").
    inMaintenance: typeof maintenance?.until === 'string' && Date.parse(maintenance.until) > now.getTime(),
  };
};

const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * An hour the state item holds (`open_hour` or `closing_hour`, camelCase) as rollup counters
 * (snake_case, as closed hours are stored), with the day it belongs to.
 */
export const openHourCounters = (openHour: unknown): { day: string; counters: DayCounters } | null => {
  if (!openHour || typeof openHour !== 'object') return null;
  const { hour, ...rest } = openHour as Record<string, unknown>;
  if (typeof hour !== 'string') return null;
  const counters = Object.fromEntries(
    Object.entries(rest)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
      .map(([name, value]) => [snakeCase(name), value]),
  );
  return { day: hour.slice(0, 10), counters };
};

/**
 * The minutes so far of the maintenance window running on the monitor now (the state item's stamp),
 * by UTC day: the boundary job adds them to the day items only when the occurrence ends
 * (docs/status-pages.md "Daily bars"), so until then the page adds them itself, as it does the open hour.
 */
export const runningMaintenanceMinutes = (stored: unknown, now: Date): { day: string; minutes: number }[] => {
  const stamp = toMaintenanceStamp(stored);
  if (!stamp || Date.parse(stamp.until) <= now.getTime()) return [];
  return minutesByUtcDay(new Date(coveredSince(stamp)), now);
};

/** A monitor's 90 days of counters: its daily rollups, with the hour still open and a running window's minutes added to their days. */
const daysOf = async (monitorId: string, state: MonitorWithState['state'], now: Date): Promise<Map<string, DayCounters>> => {
  const days = lastUtcDays(now);
  const byDay = await readDayRollups(monitorId, days[0]!, days.at(-1)!);
  // The hour being counted, and the hour before while it waits to close (rollups.ts `advanceHours`).
  for (const open of [openHourCounters(state?.closing_hour), openHourCounters(state?.open_hour)]) {
    if (open && open.day >= days[0]!) byDay.set(open.day, addCounters(byDay.get(open.day) ?? {}, open.counters));
  }
  for (const { day, minutes } of runningMaintenanceMinutes(state?.maintenance, now)) {
    if (day >= days[0]!) byDay.set(day, addCounters(byDay.get(day) ?? {}, { [MAINTENANCE_MINUTES_COUNTER]: minutes }));
  }
  return byDay;
};

/**
 * The open incidents of the page's monitors (their state items name them) that the 90 days' Query
 * did not return: an outage that began before. It still shows, open, first.
 */
export const openIncidentsNotRead = (monitors: ReadonlyMap<string, MonitorWithState>, read: readonly SourceIncident[]): string[] => {
  const known = new Set(read.map((incident) => incident.id));
  return [...monitors.values()]
    .map(({ state }) => (state?.open_incident as { id?: unknown } | null | undefined)?.id)
    .filter((id): id is string => typeof id === 'string' && !known.has(id));
};

/** The stored page at `slug` (its slug lookup, then the page, eventually consistent), or null. */
export const findPublicStatusPage = async (slug: string): Promise<StoredStatusPage | null> => {
  const wanted = slug.toLowerCase();
  if (!STATUS_PAGE_SLUG_PATTERN.test(wanted)) return null;
  const target = await findStatusSlug(wanted);
  if (!target) return null;
  return getStatusPage(target.userId, target.pageId, { consistent: false });
};

/**
 * The public page of `slug` as a visitor sees it at `now` (docs/status-pages.md "The public page"),
 * or null when no page has that slug. The one loader of both the JSON route and the
 * server-rendered HTML: a slug lookup, the page, its monitors and state items (one BatchGet), the
 * owner's incidents of the last 90 days (one Query), the owner's maintenance windows (one Query) and
 * each component's daily rollups (one Query each, in parallel). It does not ask who is looking: the
 * routes gate a private page first (`viewStatusPage`, docs/status-pages.md "Private pages").
 */
export const loadPublicStatusPage = async (slug: string, now: Date): Promise<PublicStatusPage | null> => {
  const page = await findPublicStatusPage(slug);
  return page ? publicStatusPageOf(page, now) : null;
};

/** What a visitor of `page` sees at `now`: the reads after the page itself. */
export const publicStatusPageOf = async (page: StoredStatusPage, now: Date): Promise<PublicStatusPage> => {
  const monitorIds = page.components.map((component) => component.monitor_id);
  const [monitors, incidents, windows] = await Promise.all([
    readPageMonitors(page.userId, monitorIds),
    monitorIds.length ? readIncidentsSince(page.userId, new Date(now.getTime() - BAR_DAYS * DAY_MS), now) : Promise.resolve([]),
    monitorIds.length ? listWindows(page.userId) : Promise.resolve([]),
  ]);
  const openBefore = await readIncidentsById(page.userId, openIncidentsNotRead(monitors, incidents));
  const days = new Map(
    await Promise.all([...monitors].map(async ([id, items]) => [id, await daysOf(id, items.state, now)] as const)),
  );

  return buildPublicStatusPage({
    page: {
      name: page.name,
      slug: page.slug,
      description: page.description,
      logo_url: page.logoUrl,
      accent_color: page.accentColor,
      components: page.components,
      show_automatic_incidents: page.showAutomaticIncidents,
    },
    monitors: new Map([...monitors].map(([id, items]) => [id, monitorNow(items, now)])),
    incidents: [...incidents, ...openBefore],
    days,
    maintenance: pageMaintenance({ pageId: page.id, components: page.components, windows, occurrencesBetween, now }),
    now,
  });
};
