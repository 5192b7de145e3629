import type { Options } from 'rrule';
import { RRule } from './rrule-module.js';
import { z } from 'zod';
import { plainName } from '../validation.js';
import {
  DEFAULT_MAINTENANCE_MODE,
  floatingRule,
  isKnownTimeZone,
  MAINTENANCE_MODES,
  parseWallClock,
  ruleBody,
  type MaintenanceMode,
  type MaintenanceWindow,
} from './windows.js';

/**
 * What the owner sends to create or change a maintenance window, and what the API answers
 * (docs/maintenance.md "Validation"). The form and the server share these rules and texts.
 */
export const MAINTENANCE_LIMITS = {
  titleMax: 100,
  descriptionMax: 1000,
  /** Monitors one window may name. */
  monitorsMax: 500,
  /** Windows one account may keep: plenty for planned work, small enough to read in one query. */
  windowsPerAccount: 100,
  /** The longest one occurrence may last. */
  maxLengthMs: 7 * 24 * 60 * 60 * 1000,
  rruleMax: 500,
  /** How many upcoming occurrences each window is answered with. */
  nextOccurrences: 5,
} as const;

export const MAINTENANCE_TEXTS = {
  unknownTimeZone: 'Unknown time zone',
  endBeforeStart: 'The window must end after it starts',
  tooLong: 'A window can last at most 7 days',
  tooOften: 'Maintenance cannot repeat more often than hourly',
  badRule: 'The repeat rule could not be read; write it like FREQ=WEEKLY;BYDAY=SU',
  dtstartInRule: "Leave DTSTART out of the repeat rule: the window's start is where it begins",
  overlapping: 'The window is longer than the time between two of its occurrences',
  neverHappens: 'The repeat rule never happens after the start',
  noMonitors: 'Choose at least one monitor',
  noCoverage: 'Choose the monitors this window covers, or a status page',
  monitorsAndPage: 'A window covers chosen monitors or a whole status page, not both',
  limitReached: `You can keep ${MAINTENANCE_LIMITS.windowsPerAccount} maintenance windows; delete one you no longer need to add another`,
} as const;

const HOUR_MS = 60 * 60 * 1000;
const YEAR_MS = 366 * 24 * HOUR_MS;
/** Occurrences read to judge a rule's spacing: enough to see every pattern of a week or a month. */
const SPACING_SAMPLE = 400;

const WallClock = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((text) => parseWallClock(text) !== null, `${label} must be a date and time like 2026-03-01T01:30`);

/** A part the parser read: a whole number, a date or a weekday; it leaves what it cannot read as text or null. */
const readPart = (part: unknown): boolean =>
  part !== null && part !== undefined && typeof part !== 'string' && (typeof part !== 'number' || Number.isInteger(part));

/** Every value the lenient parser returned was read (`INTERVAL=x` comes back as the text 'x'). */
const readsCleanly = (options: Partial<Options>): boolean =>
  Object.values(options).every((value) => (Array.isArray(value) ? value.every(readPart) : readPart(value)));

/**
 * The problem with a rule, or null. Expands it from the window's start (floating local time) to
 * see whether it happens at all, whether two starts come closer than an hour, and whether one
 * occurrence would run into the next.
 */
export function ruleProblem(rrule: string, startsAt: string, lengthMs: number): string | null {
  const body = ruleBody(rrule);
  if (/DTSTART|TZID/i.test(body)) return MAINTENANCE_TEXTS.dtstartInRule;
  if (/[\r\n]/.test(body) || /^RRULE:/i.test(body)) return MAINTENANCE_TEXTS.badRule;
  let options: Partial<Options>;
  try {
    options = RRule.parseString(body);
  } catch {
    return MAINTENANCE_TEXTS.badRule;
  }
  if (options.freq === undefined || options.freq === null || !readsCleanly(options)) return MAINTENANCE_TEXTS.badRule;
  if (options.freq === RRule.SECONDLY || options.freq === RRule.MINUTELY) return MAINTENANCE_TEXTS.tooOften;
  if (options.interval !== undefined && options.interval < 1) {
    return options.freq === RRule.HOURLY ? MAINTENANCE_TEXTS.tooOften : MAINTENANCE_TEXTS.badRule;
  }
  if (options.count !== undefined && options.count !== null && options.count < 1) return MAINTENANCE_TEXTS.badRule;
  let starts: number[];
  try {
    const rule = floatingRule(body, startsAt);
    const from = rule.origOptions.dtstart!;
    const horizon = options.freq === RRule.YEARLY ? 8 * YEAR_MS : 2 * YEAR_MS;
    starts = rule
      .between(from, new Date(from.getTime() + horizon), true, (_date, index) => index < SPACING_SAMPLE)
      .map((date) => date.getTime());
  } catch {
    return MAINTENANCE_TEXTS.badRule;
  }
  if (starts.length === 0) return MAINTENANCE_TEXTS.neverHappens;
  for (let index = 1; index < starts.length; index++) {
    const gap = starts[index]! - starts[index - 1]!;
    if (gap < HOUR_MS) return MAINTENANCE_TEXTS.tooOften;
    if (gap < lengthMs) return MAINTENANCE_TEXTS.overlapping;
  }
  return null;
}

/**
 * A window covers chosen monitors or a whole status page, exactly one of the two
 * (docs/maintenance.md "Validation"): the problem with what was sent, and the field it is about, or null.
 */
export function coverageProblem(
  monitorIds: readonly string[] | undefined,
  statusPageId: string | null | undefined,
): { field: 'monitor_ids' | 'status_page_id'; message: string } | null {
  const monitors = monitorIds?.length ?? 0;
  if (statusPageId && monitors > 0) return { field: 'status_page_id', message: MAINTENANCE_TEXTS.monitorsAndPage };
  if (statusPageId) return null;
  if (monitorIds === undefined) return { field: 'monitor_ids', message: MAINTENANCE_TEXTS.noCoverage };
  return monitors === 0 ? { field: 'monitor_ids', message: MAINTENANCE_TEXTS.noMonitors } : null;
}

const OptionalRule = z
  .string({ error: 'rrule must be text or null' })
  .trim()
  .max(MAINTENANCE_LIMITS.rruleMax, `The repeat rule is too long (${MAINTENANCE_LIMITS.rruleMax} characters at most)`)
  .nullable()
  .optional()
  .transform((rule) => (rule ? ruleBody(rule) : null));

/** POST /api/maintenance-windows and PUT /api/maintenance-windows/{id}: the whole window each time. */
export const MaintenanceWindowInput = z
  .strictObject({
    title: plainName(
      z
        .string({ error: 'Title is required' })
        .trim()
        .min(1, 'Title is required')
        .max(MAINTENANCE_LIMITS.titleMax, `Title is too long (${MAINTENANCE_LIMITS.titleMax} characters at most)`),
    ),
    description: z
      .string({ error: 'description must be text' })
      .trim()
      .max(MAINTENANCE_LIMITS.descriptionMax, `Description is too long (${MAINTENANCE_LIMITS.descriptionMax} characters at most)`)
      .nullable()
      .optional()
      .transform((text) => (text ? text : null)),
    timezone: z
      .string({ error: 'Time zone is required' })
      .trim()
      .refine(isKnownTimeZone, MAINTENANCE_TEXTS.unknownTimeZone),
    starts_at: WallClock('Start'),
    ends_at: WallClock('End'),
    rrule: OptionalRule,
    // Exactly one of monitor_ids and status_page_id (docs/maintenance.md "Validation"); an empty list names no monitor.
    monitor_ids: z
      .array(z.string({ error: 'monitor_ids must be a list of monitor ids' }), { error: MAINTENANCE_TEXTS.noMonitors })
      .max(MAINTENANCE_LIMITS.monitorsMax, `A window can cover ${MAINTENANCE_LIMITS.monitorsMax} monitors at most`)
      .optional()
      .transform((ids) => (ids === undefined ? undefined : [...new Set(ids)])),
    status_page_id: z
      .string({ error: 'status_page_id must be a status page id or null' })
      .trim()
      .nullable()
      .optional()
      .transform((id) => (id ? id : null)),
    mode: z.enum(MAINTENANCE_MODES, { error: 'mode must be mute_alerts or pause_checks' }).default(DEFAULT_MAINTENANCE_MODE),
  })
  .superRefine((input, ctx) => {
    const coverage = coverageProblem(input.monitor_ids, input.status_page_id);
    if (coverage) ctx.addIssue({ code: 'custom', path: [coverage.field], message: coverage.message });
    const start = parseWallClock(input.starts_at);
    const end = parseWallClock(input.ends_at);
    if (start === null || end === null) return;
    if (end <= start) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: MAINTENANCE_TEXTS.endBeforeStart });
      return;
    }
    if (end - start > MAINTENANCE_LIMITS.maxLengthMs) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: MAINTENANCE_TEXTS.tooLong });
      return;
    }
    if (input.rrule) {
      const problem = ruleProblem(input.rrule, input.starts_at, end - start);
      if (problem) ctx.addIssue({ code: 'custom', path: ['rrule'], message: problem });
    }
  })
  .transform((input) => ({ ...input, monitor_ids: input.monitor_ids ?? [] }));
export type MaintenanceWindowInput = z.output<typeof MaintenanceWindowInput>;
export type MaintenanceWindowBody = z.input<typeof MaintenanceWindowInput>;

/** A window as the owner's screens read it: the stored fields and its next occurrences (ISO UTC). */
export interface MaintenanceWindowView extends Omit<MaintenanceWindow, 'user_id'> {
  next_occurrences: { starts_at: string; ends_at: string }[];
}

export interface MaintenanceWindowList {
  windows: MaintenanceWindowView[];
  /** How many windows the account may keep. */
  cap: number;
}

export interface DeletedMaintenanceWindow {
  message: string;
}

export type { MaintenanceMode };
