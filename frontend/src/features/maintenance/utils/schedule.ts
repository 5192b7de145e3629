/**
 * The window's schedule in plain words and the form's "Repeat" choice, both ways
 * (docs/maintenance.md "Screens"). Only the rules the form writes are put in words; any other
 * rule is shown as its next occurrences instead.
 */
export const WEEKDAYS = [
  { code: 'MO', name: 'Monday', short: 'Mon' },
  { code: 'TU', name: 'Tuesday', short: 'Tue' },
  { code: 'WE', name: 'Wednesday', short: 'Wed' },
  { code: 'TH', name: 'Thursday', short: 'Thu' },
  { code: 'FR', name: 'Friday', short: 'Fri' },
  { code: 'SA', name: 'Saturday', short: 'Sat' },
  { code: 'SU', name: 'Sunday', short: 'Sun' },
] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number]['code'];

export const REPEAT_KINDS = ['never', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];

export interface RepeatChoice {
  kind: RepeatKind;
  /** For `weekly`: the chosen days, Monday first. */
  days: WeekdayCode[];
  /** For `custom`: the RRULE text as typed. */
  custom: string;
}

const rulePartsOf = (rrule: string): Map<string, string> | null => {
  const parts = new Map<string, string>();
  for (const part of rrule.trim().replace(/^RRULE:/i, '').split(';')) {
    const [key, value, ...rest] = part.split('=');
    if (!key || value === undefined || rest.length) return null;
    parts.set(key.trim().toUpperCase(), value.trim().toUpperCase());
  }
  return parts;
};

/** The weekday (MO..SU) of a local 'YYYY-MM-DDTHH:mm'. */
export const weekdayOf = (wallClock: string): WeekdayCode => {
  const day = new Date(`${wallClock.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!.code;
};

const isWeekdayList = (value: string): value is string =>
  value.split(',').every((code) => WEEKDAYS.some((day) => day.code === code));

/** The form's choice for a stored rule: a rule the form did not write is `custom`. */
export const repeatChoiceOf = (rrule: string | null, startsAt: string): RepeatChoice => {
  const empty = { days: [weekdayOf(startsAt)], custom: '' };
  if (!rrule) return { kind: 'never', ...empty };
  const parts = rulePartsOf(rrule);
  const keys = parts ? [...parts.keys()].sort().join(',') : '';
  if (parts && keys === 'FREQ' && parts.get('FREQ') === 'DAILY') return { kind: 'daily', ...empty };
  if (parts && keys === 'FREQ' && parts.get('FREQ') === 'MONTHLY') return { kind: 'monthly', ...empty };
  if (parts && parts.get('FREQ') === 'WEEKLY' && (keys === 'FREQ' || (keys === 'BYDAY,FREQ' && isWeekdayList(parts.get('BYDAY')!)))) {
    const days = (parts.get('BYDAY')?.split(',') as WeekdayCode[] | undefined) ?? [weekdayOf(startsAt)];
    return { kind: 'weekly', days: WEEKDAYS.map((day) => day.code).filter((code) => days.includes(code)), custom: '' };
  }
  return { kind: 'custom', days: empty.days, custom: rrule };
};

/** The rule the choice stands for; null for a one-off window. */
export const ruleOf = (choice: RepeatChoice): string | null => {
  switch (choice.kind) {
    case 'never':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'monthly':
      return 'FREQ=MONTHLY';
    case 'weekly':
      return choice.days.length ? `FREQ=WEEKLY;BYDAY=${choice.days.join(',')}` : 'FREQ=WEEKLY';
    case 'custom':
      return choice.custom.trim() || null;
  }
};

const ordinal = (day: number): string => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
};

const joinWords = (words: string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Sun 1 Mar 2026' for a local 'YYYY-MM-DDTHH:mm' (its own date, no zone involved). */
const localDate = (wallClock: string): string => {
  const short = WEEKDAYS.find((day) => day.code === weekdayOf(wallClock))!.short;
  return `${short} ${Number(wallClock.slice(8, 10))} ${MONTHS[Number(wallClock.slice(5, 7)) - 1]} ${wallClock.slice(0, 4)}`;
};

/**
 * "Every Sunday 01:30-03:30 (America/New_York)", "Every day ...", "Every month on the 1st ...",
 * "Once, Sat 10 Jan 2026 22:00-02:00 (Europe/Berlin)"; null for a rule the form does not write.
 */
export const describeSchedule = (window: { starts_at: string; ends_at: string; rrule: string | null; timezone: string }): string | null => {
  const times = `${window.starts_at.slice(11, 16)}-${window.ends_at.slice(11, 16)} (${window.timezone})`;
  const choice = repeatChoiceOf(window.rrule, window.starts_at);
  switch (choice.kind) {
    case 'never':
      return `Once, ${localDate(window.starts_at)} ${times}`;
    case 'daily':
      return `Every day ${times}`;
    case 'weekly':
      return `Every ${joinWords(choice.days.map((code) => WEEKDAYS.find((day) => day.code === code)!.name))} ${times}`;
    case 'monthly':
      return `Every month on the ${ordinal(Number(window.starts_at.slice(8, 10)))} ${times}`;
    case 'custom':
      return null;
  }
};

/** An instant in the viewer's zone, e.g. "Sun 8 Mar 2026, 01:30 EST". */
export const formatInZone = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
