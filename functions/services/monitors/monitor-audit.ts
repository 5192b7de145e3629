import type { Monitor, UpdateMonitorInput } from '../../../shared/monitors/schemas.js';
import type { AuditedChange } from '../workspaces/audit.js';

/** A monitor as the audit log names it: by id and name. */
export const monitorTarget = (monitor: Pick<Monitor, 'id' | 'name'>): Pick<AuditedChange, 'targetType' | 'targetId' | 'targetLabel'> => ({
  targetType: 'monitor',
  targetId: monitor.id,
  targetLabel: monitor.name,
});

/**
 * The audit entries of one PUT /api/monitors/{id} (docs/teams.md "Audit log"): a pause or a resume
 * is its own entry, so the log answers "who paused this?" at a glance; any other field sent is an
 * edit, listed by name (never by value: a header or password may be among them).
 */
export const monitorEditChanges = (
  before: Pick<Monitor, 'id' | 'name' | 'status'>,
  after: Pick<Monitor, 'id' | 'name' | 'status'>,
  input: UpdateMonitorInput,
): AuditedChange[] => {
  const changes: AuditedChange[] = [];
  if (before.status !== 'paused' && after.status === 'paused') changes.push({ action: 'monitor.paused', ...monitorTarget(after) });
  if (before.status !== 'active' && after.status === 'active') changes.push({ action: 'monitor.resumed', ...monitorTarget(after) });
  const fields = Object.keys(input).filter((field) => field !== 'status' && input[field as keyof UpdateMonitorInput] !== undefined);
  if (fields.length) changes.push({ action: 'monitor.updated', ...monitorTarget(after), details: { fields: fields.sort() } });
  return changes;
};
