import { z } from 'zod';

/**
 * SLA targets (docs/sla-reports.md "Targets"): a percentage of the counted time a monitor must be up
 * in a month. A workspace sets one for all its monitors and may set another for one monitor.
 */
export const SLA_TARGET_MIN = 90;
export const SLA_TARGET_MAX = 99.999;

/** What a workspace that never chose one is measured against. */
export const DEFAULT_SLA_TARGET = 99.9;

/** The targets the form offers; any number in range with at most three decimals is accepted. */
export const SLA_TARGET_CHOICES = [99, 99.5, 99.9, 99.95, 99.99, 99.999] as const;

const targetNumber = z
  .number({ error: 'Enter the target as a number, for example 99.9.' })
  .min(SLA_TARGET_MIN, { error: `The target must be between ${SLA_TARGET_MIN} % and ${SLA_TARGET_MAX} %.` })
  .max(SLA_TARGET_MAX, { error: `The target must be between ${SLA_TARGET_MIN} % and ${SLA_TARGET_MAX} %.` })
  .refine((value) => Math.round(value * 1000) === value * 1000 || Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6, {
    error: 'The target may have at most three decimals.',
  });

/** PUT /api/sla/target: the workspace's target. */
export const SlaWorkspaceTargetInput = z.strictObject({ target_percent: targetNumber });
export type SlaWorkspaceTargetInput = z.infer<typeof SlaWorkspaceTargetInput>;

/** PUT /api/monitors/{id}/sla-target: one monitor's own target; null goes back to the workspace's. */
export const SlaMonitorTargetInput = z.strictObject({ target_percent: targetNumber.nullable() });
export type SlaMonitorTargetInput = z.infer<typeof SlaMonitorTargetInput>;

/** The target a monitor is measured against: its own when it has one, else the workspace's. */
export const effectiveTarget = (workspaceTarget: number | null, monitorTarget: number | null | undefined): number =>
  monitorTarget ?? workspaceTarget ?? DEFAULT_SLA_TARGET;
