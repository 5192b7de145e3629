import type { Incident } from '@shared/incidents/schemas.js';
import { draftFirstUpdate } from '@shared/incidents/draft-update.js';
import type { ImpactLevel, IncidentUpdate, IncidentUpdateInput, IncidentUpdateStatus } from '@shared/incidents/updates.js';
import type { BadgeTone } from '@/components/ui/badge';

/** The impact select's value for a monitor: a level, or not affected. */
export type ImpactChoice = ImpactLevel | 'none';

/** One monitor in the form's impact list. */
export interface ImpactRow {
  monitorId: string;
  level: ImpactChoice;
}

export interface UpdateFormValues {
  status: IncidentUpdateStatus;
  message: string;
  impact: ImpactRow[];
}

/** The level the checks imply for the incident's own monitor (the server's default too). */
const automaticLevel = (incident: Pick<Incident, 'alert_type'>): ImpactChoice =>
  incident.alert_type === 'down' ? 'major' : incident.alert_type === 'slow' ? 'degraded' : 'none';

/**
 * What the form starts with (docs/status-pages.md "Incident updates"): the first update is the
 * draft from what the checks found; a later one starts empty at the last update's status and
 * impact, since things usually move on from there.
 */
export const initialUpdateForm = (incident: Incident): UpdateFormValues => {
  const last = incident.updates?.at(-1);
  if (!last) {
    const draft = draftFirstUpdate(incident);
    return { status: draft.status, message: draft.message, impact: [{ monitorId: incident.monitor_id, level: automaticLevel(incident) }] };
  }
  const others: ImpactRow[] = impactEntries(last.impact, incident.monitor_id)
    .filter(([monitorId]) => monitorId !== incident.monitor_id)
    .map(([monitorId, level]) => ({ monitorId, level }));
  return { status: last.status, message: '', impact: [{ monitorId: incident.monitor_id, level: last.impact[incident.monitor_id] ?? 'none' }, ...others] };
};

/** An update's impact, the incident's own monitor first, then the others in a stable order (a stored map keeps none). */
export const impactEntries = (impact: Readonly<Record<string, ImpactLevel>>, firstMonitorId: string): [string, ImpactLevel][] =>
  Object.entries(impact).sort(([a], [b]) => (a === firstMonitorId ? -1 : b === firstMonitorId ? 1 : a.localeCompare(b)));

/** The request body: the monitors the owner marked as hit (none marked is an explicit "no impact"). */
export const updateInputOf = (values: UpdateFormValues): IncidentUpdateInput => ({
  status: values.status,
  message: values.message,
  impact: Object.fromEntries(values.impact.flatMap((row) => (row.level === 'none' ? [] : [[row.monitorId, row.level]]))),
});

/** Newest first, as the page shows them. */
export const newestFirst = (updates: readonly IncidentUpdate[] | undefined): IncidentUpdate[] => [...(updates ?? [])].reverse();

/** A status chip's colour: red while it is being looked into, amber once found, indigo while watched, green when fixed. */
export const UPDATE_STATUS_TONE: Readonly<Record<IncidentUpdateStatus, BadgeTone>> = {
  investigating: 'red',
  identified: 'amber',
  monitoring: 'indigo',
  resolved: 'emerald',
};

/** The server's field messages on the form's three fields (an impact entry's message is the impact's). */
export const updateFieldErrors = (fields: Record<string, string>): Partial<Record<'status' | 'message' | 'impact', string>> => {
  const errors: Partial<Record<'status' | 'message' | 'impact', string>> = {};
  for (const [field, message] of Object.entries(fields)) {
    const name = field.split('.')[0];
    if (name === 'status' || name === 'message' || name === 'impact') errors[name] ??= message;
  }
  return errors;
};
