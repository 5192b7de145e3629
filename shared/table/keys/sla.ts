import type { ItemKey } from '../keys.js';

/** SLA targets and the monthly mail's claim (keys.ts 83-85; docs/sla-reports.md "Targets"). */
export const SLA_TARGET_SK = 'SLA_TARGET';

/** The workspace's target (83). */
export const workspaceSlaTargetKey = (workspaceId: string): ItemKey => ({ PK: `USER#${workspaceId}`, SK: SLA_TARGET_SK });

/** One monitor's own target (84); deleted with the monitor (monitorCompanionKeys). */
export const monitorSlaTargetKey = (workspaceId: string, monitorId: string): ItemKey => ({
  PK: `USER#${workspaceId}`,
  SK: `${SLA_TARGET_SK}#${monitorId}`,
});

/** The report-delivery kind (21) of a workspace's monthly SLA mail (85), claimed in each owner's partition. */
export const slaMailKind = (workspaceId: string): string => `sla#${workspaceId}`;
