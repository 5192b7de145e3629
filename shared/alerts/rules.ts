import { z } from 'zod';
import { DEFAULT_CONFIRM_ROUNDS } from '../checks/monitor-state.js';

/**
 * Alert rules (docs/alerts.md "Alert rules"), the Pro plan's "custom alert rules": per monitor,
 * with the account's defaults for monitors that set none.
 * - `down_after_rounds` / `up_after_rounds`: failing / good rounds in a row before the monitor is
 *   down / up again (the state machine's ConfirmRounds).
 * - `renotify_minutes`: while a monitor is down and nobody acknowledged it, its channels are
 *   reminded this often; null: never.
 * - `escalation`: steps, each "still unacknowledged after `after_minutes`: alert these channels too".
 */
export const ALERT_RULE_LIMITS = {
  rounds: { min: 1, max: 10 },
  renotifyMinutes: { min: 5, max: 1440 },
  escalationSteps: 5,
  escalationMinutes: { min: 1, max: 1440 },
} as const;

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int(`${field} must be a whole number from ${min} to ${max}`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

export const EscalationStep = z.object({
  after_minutes: wholeNumber('after_minutes', ALERT_RULE_LIMITS.escalationMinutes.min, ALERT_RULE_LIMITS.escalationMinutes.max),
  channel_ids: z
    .array(z.string().trim().min(1), { error: 'channel_ids must be a list of channel ids' })
    .min(1, 'An escalation step needs at least one channel')
    .max(20, 'An escalation step alerts at most 20 channels')
    .transform((ids) => [...new Set(ids)]),
});
export type EscalationStep = z.infer<typeof EscalationStep>;

export const AlertRulesInput = z.object({
  down_after_rounds: wholeNumber('down_after_rounds', ALERT_RULE_LIMITS.rounds.min, ALERT_RULE_LIMITS.rounds.max).default(DEFAULT_CONFIRM_ROUNDS.down),
  up_after_rounds: wholeNumber('up_after_rounds', ALERT_RULE_LIMITS.rounds.min, ALERT_RULE_LIMITS.rounds.max).default(DEFAULT_CONFIRM_ROUNDS.up),
  renotify_minutes: wholeNumber('renotify_minutes', ALERT_RULE_LIMITS.renotifyMinutes.min, ALERT_RULE_LIMITS.renotifyMinutes.max).nullable().default(null),
  escalation: z
    .array(EscalationStep, { error: 'escalation must be a list of steps' })
    .max(ALERT_RULE_LIMITS.escalationSteps, `At most ${ALERT_RULE_LIMITS.escalationSteps} escalation steps`)
    .default([])
    .transform((steps) => [...steps].sort((a, b) => a.after_minutes - b.after_minutes)),
});
export type AlertRules = z.output<typeof AlertRulesInput>;

/** The API's body for the rules: the same, refusing unknown fields (a misspelt rule must not answer 200 and change nothing). */
export const AlertRulesBody = z.strictObject(AlertRulesInput.shape);

export const DEFAULT_ALERT_RULES: AlertRules = {
  down_after_rounds: DEFAULT_CONFIRM_ROUNDS.down,
  up_after_rounds: DEFAULT_CONFIRM_ROUNDS.up,
  renotify_minutes: null,
  escalation: [],
};

/** Whether rules differ from the defaults every plan has (the custom ones are Pro and up). */
export const isCustomAlertRules = (rules: AlertRules): boolean =>
  rules.down_after_rounds !== DEFAULT_ALERT_RULES.down_after_rounds ||
  rules.up_after_rounds !== DEFAULT_ALERT_RULES.up_after_rounds ||
  rules.renotify_minutes !== null ||
  rules.escalation.length > 0;

/** Every channel id the rules name (escalation steps), for the ownership check. */
export const channelIdsOfRules = (rules: AlertRules): string[] => [...new Set(rules.escalation.flatMap((step) => step.channel_ids))];

/** GET/PUT /api/alert-rules: the account's defaults. */
export interface AccountAlertRules {
  rules: AlertRules;
  /** Whether the plan allows rules other than the defaults. */
  custom_rules_allowed: boolean;
}
