/**
 * Alert rules (docs/alerts.md "Alert rules") as the SPA handles them: the account's defaults,
 * read by Settings -> Notifications, the monitor form and the monitor page through one SWR key;
 * the form's draft of a set of rules and its check with the shared schema; and the rules in words.
 */
import useSWR from 'swr';
import type { ChannelView } from '@shared/alerts/schemas.js';
import { AlertRulesInput, DEFAULT_ALERT_RULES, type AccountAlertRules, type AlertRules } from '@shared/alerts/rules.js';
import { countOf } from '@shared/texts.js';
import { apiPath, callApi } from './api-client';

/** The SWR key of the account's alert rules; saving them revalidates it. */
export const ALERT_RULES_PATH = apiPath('getAlertRules');

/** GET /api/alert-rules: the account's default rules and whether the plan allows custom ones. */
export const getAlertRules = (): Promise<AccountAlertRules> => callApi('getAlertRules');

export const useAlertRules = () => useSWR<AccountAlertRules, Error>(ALERT_RULES_PATH, getAlertRules);

/** The plan text shown wherever custom rules are offered to a plan without them. */
export const ALERT_RULES_TEXT = {
  proOnly: 'Custom alert rules are available on the Pro plan and above.',
  upgrade: 'Upgrade your plan',
  downAfter: 'Alert after this many failing checks in a row',
  downAfterHint: 'Set 1 to alert at the first failing check; more rides out a one-off blip.',
  upAfter: 'Recover after this many good checks in a row',
  upAfterHint: 'Set 1 to say it is back at the first good check.',
  renotify: 'Remind while down',
  renotifyHint: 'Your channels hear again this often until someone acknowledges the incident or the monitor recovers.',
  escalation: 'Escalation',
  escalationHint: 'Still unacknowledged after this long: alert these channels too.',
  noEscalation: 'No escalation steps.',
  addStep: 'Add escalation step',
  removeStep: 'Remove',
  afterMinutes: 'After (minutes)',
  stepChannels: 'Alert these channels',
  noChannelsToEscalate: 'Add an alert channel first to escalate to it.',
} as const;

/** "Every 30 minutes", "Every 2 hours": a reminder interval in words. */
const everyText = (minutes: number): string =>
  minutes === 60 ? 'Every hour' : minutes % 60 === 0 ? `Every ${countOf(minutes / 60, 'hour')}` : `Every ${countOf(minutes, 'minute')}`;

/** "30 minutes", "2 hours": a span of minutes in words. */
export const minutesInWords = (minutes: number): string =>
  minutes >= 60 && minutes % 60 === 0 ? countOf(minutes / 60, 'hour') : countOf(minutes, 'minute');

/** The re-notify choices: Off, 5/10/15/30/60 minutes, 2/4/12/24 hours (and a saved value outside them, as it is). */
export const RENOTIFY_CHOICES: readonly number[] = [5, 10, 15, 30, 60, 120, 240, 720, 1440];

/** The re-notify select's options; its value is the minutes, or '' for Off. */
export const renotifyOptions = (current: number | null): { value: string; label: string }[] => {
  const minutes = current !== null && !RENOTIFY_CHOICES.includes(current) ? [...RENOTIFY_CHOICES, current].sort((a, b) => a - b) : RENOTIFY_CHOICES;
  return [{ value: '', label: 'Off' }, ...minutes.map((value) => ({ value: String(value), label: everyText(value) }))];
};

/** One escalation step as the form holds it: the minutes as typed. */
export interface EscalationStepDraft {
  after_minutes: string;
  channel_ids: string[];
}

/** A set of rules as the form holds it: the numbers as typed, checked on save. */
export interface AlertRulesDraft {
  down_after_rounds: string;
  up_after_rounds: string;
  renotify_minutes: number | null;
  escalation: EscalationStepDraft[];
}

export const draftOfRules = (rules: AlertRules = DEFAULT_ALERT_RULES): AlertRulesDraft => ({
  down_after_rounds: String(rules.down_after_rounds),
  up_after_rounds: String(rules.up_after_rounds),
  renotify_minutes: rules.renotify_minutes,
  escalation: rules.escalation.map((step) => ({ after_minutes: String(step.after_minutes), channel_ids: [...step.channel_ids] })),
});

/** A typed whole number; anything else (blank, "2.5", "abc") stays a value the schema refuses. */
const numberOf = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed));

export type AlertRulesCheck = { ok: true; rules: AlertRules } | { ok: false; errors: Record<string, string> };

/**
 * The draft checked with the API's own schema (shared/alerts/rules.ts): the rules to save, or the
 * first message per field, keyed by its dotted path ("down_after_rounds", "escalation.0.channel_ids").
 * Given the account's channels, a step forgets the ones deleted meanwhile (the form shows no box
 * for them), so a step left with none says so rather than the server refusing an unknown id.
 */
export const checkRulesDraft = (draft: AlertRulesDraft, channels?: readonly Pick<ChannelView, 'id'>[]): AlertRulesCheck => {
  const known = channels ? new Set(channels.map((channel) => channel.id)) : null;
  const parsed = AlertRulesInput.safeParse({
    down_after_rounds: numberOf(draft.down_after_rounds),
    up_after_rounds: numberOf(draft.up_after_rounds),
    renotify_minutes: draft.renotify_minutes,
    escalation: draft.escalation.map((step) => ({
      after_minutes: numberOf(step.after_minutes),
      channel_ids: known ? step.channel_ids.filter((id) => known.has(id)) : step.channel_ids,
    })),
  });
  if (parsed.success) return { ok: true, rules: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
};

/** "Ops pager", "Ops pager and SMS", "A, B and C". */
const listInWords = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * The rules in one sentence, as the monitor page and the plan's read-only view show them:
 * "Alerts after 3 failing checks in a row; reminds every 30 minutes; escalates to Ops pager after
 * 15 minutes". A channel no longer in the list (deleted meanwhile) is left out.
 */
export const rulesInWords = (rules: AlertRules, channels: readonly ChannelView[]): string => {
  const parts = [
    rules.down_after_rounds === 1 ? 'Alerts at the first failing check' : `Alerts after ${rules.down_after_rounds} failing checks in a row`,
  ];
  if (rules.up_after_rounds !== 1) parts.push(`recovers after ${rules.up_after_rounds} good checks in a row`);
  if (rules.renotify_minutes !== null) parts.push(`reminds ${everyText(rules.renotify_minutes).toLowerCase()}`);
  for (const step of rules.escalation) {
    const names = channels.filter((channel) => step.channel_ids.includes(channel.id)).map((channel) => channel.name);
    if (names.length > 0) parts.push(`escalates to ${listInWords(names)} after ${minutesInWords(step.after_minutes)}`);
  }
  return parts.join('; ');
};
