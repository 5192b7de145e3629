import { encodeTime } from 'ulid';
import type { IncidentAlertType, IncidentDetails } from '../../shared/checks/incident-details.js';
import { isArchiveKept, isIncidentShown } from '../../shared/checks/retention.js';
import type { IncidentStatus } from '../../shared/checks/monitor-state.js';
import type { Incident } from '../../shared/incidents/schemas.js';
import type { IncidentUpdate } from '../../shared/incidents/updates.js';
import { INCIDENT_SK_PREFIX, incidentKey, monitorKey, userIncidentsPartition } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { resultIfAllowed } from './table.js';

/**
 * Reading a user's incidents (access pattern 12). The result processor writes them
 * (monitor-check-state-repository.ts); ids are ULIDs of the round that recorded them, so the sort
 * key orders them by when they were recorded.
 */

const nullableNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const nullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const toDetails = (value: unknown): IncidentDetails => {
  const details = (value ?? {}) as Record<string, unknown>;
  return {
    user_impact: details.user_impact as IncidentDetails['user_impact'],
    impact_description: String(details.impact_description ?? ''),
    explanation: String(details.explanation ?? ''),
    error_category: (details.error_category as IncidentDetails['error_category']) ?? null,
    recommended_action: String(details.recommended_action ?? ''),
    status_code: nullableNumber(details.status_code),
    response_time: nullableNumber(details.response_time),
    user_accessible: details.user_accessible === true,
  };
};

const toUpdate = (value: unknown): IncidentUpdate => {
  const update = (value ?? {}) as Record<string, unknown>;
  return {
    id: String(update.id),
    status: update.status as IncidentUpdate['status'],
    message: String(update.message ?? ''),
    message_html: String(update.message_html ?? ''),
    impact: (update.impact ?? {}) as IncidentUpdate['impact'],
    created_at: String(update.created_at),
  };
};

// Picks the API fields, so keys and storage attributes (user_id, GSI keys) never reach a response.
const toIncident = (item: Record<string, unknown>): Incident => ({
  id: String(item.id),
  monitor_id: String(item.monitor_id),
  alert_type: item.alert_type as IncidentAlertType,
  status: item.status as IncidentStatus,
  message: String(item.message),
  started_at: String(item.started_at),
  resolved_at: nullableString(item.resolved_at),
  monitor_name: String(item.monitor_name),
  monitor_url: String(item.monitor_url),
  details: toDetails(item.details),
  ...(item.alert_type === 'up' ? { outage_started_at: nullableString(item.outage_started_at) } : {}),
  ...(typeof item.acknowledged_at === 'string'
    ? { acknowledged_at: item.acknowledged_at, acknowledged_by: nullableString(item.acknowledged_by) }
    : {}),
  ...(Array.isArray(item.updates) ? { updates: item.updates.map(toUpdate) } : {}),
});

const queryIncidents = (userId: string, opts: { limit?: number; startKey?: Record<string, unknown> }) =>
  table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userIncidentsPartition(userId), ':prefix': INCIDENT_SK_PREFIX },
    ScanIndexForward: false,
    Limit: opts.limit,
    ExclusiveStartKey: opts.startKey,
  });

/**
 * Readers see an incident while it is inside the workspace's retention and not archived
 * (docs/product-rules.md "Retention"): DynamoDB deletes expired items lazily, so every read filters.
 */
const shown = (items: Record<string, unknown>[] | undefined, now: Date): Record<string, unknown>[] =>
  (items ?? []).filter((item) => isIncidentShown(item, now));

/** One of the user's incidents (pattern 12, one GetItem); null when the user has no such incident, or it expired or was archived. */
export const getUserIncident = async (
  userId: string,
  incidentId: string,
  opts: { consistent?: boolean; now?: Date } = {},
): Promise<Incident | null> => {
  const { Item: item } = await table.get({ Key: incidentKey(userId, incidentId), ...(opts.consistent ? { ConsistentRead: true } : {}) });
  return item && isIncidentShown(item, opts.now ?? new Date()) ? toIncident(item) : null;
};

/** The user's `count` most recently recorded incidents that are shown, newest first: one small Query, more only past hidden ones. */
export const latestUserIncidents = async (userId: string, count: number, now = new Date()): Promise<Incident[]> => {
  const incidents: Incident[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryIncidents(userId, { limit: count, startKey });
    incidents.push(...shown(page.Items, now).map(toIncident));
    startKey = page.LastEvaluatedKey;
  } while (startKey && incidents.length < count);
  return incidents.slice(0, count);
};

const allIncidentItems = async (userId: string): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryIncidents(userId, { startKey });
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};

/**
 * Every shown incident of a user, newest first. The list's filters, total and pages need all of them;
 * incidents are transitions (a few per outage), not checks, so this grows with outages, not time.
 */
export const listUserIncidents = async (userId: string, now = new Date()): Promise<Incident[]> =>
  shown(await allIncidentItems(userId), now).map(toIncident);

/**
 * The workspace's archived incidents still kept, newest first, each with when it was archived: only
 * the export holds them (docs/product-rules.md "Retention").
 */
export const listArchivedIncidents = async (userId: string, now = new Date()): Promise<(Incident & { archived_at: string })[]> =>
  (await allIncidentItems(userId))
    .filter((item) => isArchiveKept(item, now))
    .map((item) => ({ ...toIncident(item), archived_at: String(item.archived_at) }));

/**
 * A user's incidents recorded in [from, to), oldest first (the reports). Incident ids are ULIDs of
 * the round that recorded them, so the time range is a range of the sort key: the ids of `from`'s
 * millisecond and later sort at or after `INCIDENT#<time of from>`, and every id of a millisecond
 * before `to` sorts before `INCIDENT#<time of to>`.
 */
export const listUserIncidentsRecordedBetween = async (userId: string, from: Date, to: Date, now = new Date()): Promise<Incident[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': userIncidentsPartition(userId),
      ':from': `${INCIDENT_SK_PREFIX}${encodeTime(from.getTime(), 10)}`,
      ':to': `${INCIDENT_SK_PREFIX}${encodeTime(to.getTime(), 10)}`,
    },
  });
  return shown(items, now).map(toIncident);
};

/**
 * Marks an open down or slow incident acknowledged (docs/alerts.md "Acknowledgement"), once:
 * the first to acknowledge is the one recorded. Answers the incident as it now is and whether this
 * call was the one that acknowledged it; null when the user has no such incident.
 */
export const acknowledgeUserIncident = async (
  userId: string,
  incidentId: string,
  opts: { by: string; at: string },
): Promise<{ incident: Incident; acknowledgedNow: boolean } | null> => {
  const updated = await resultIfAllowed(
    table.update({
      Key: incidentKey(userId, incidentId),
      UpdateExpression: 'SET acknowledged_at = :at, acknowledged_by = :by',
      ConditionExpression: 'attribute_exists(PK) AND #status = :open AND alert_type IN (:down, :slow) AND attribute_not_exists(acknowledged_at)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':at': opts.at, ':by': opts.by, ':open': 'open', ':down': 'down', ':slow': 'slow' },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (updated?.Attributes) return { incident: toIncident(updated.Attributes), acknowledgedNow: true };
  const current = await getUserIncident(userId, incidentId);
  return current ? { incident: current, acknowledgedNow: false } : null;
};

/** Why an update was not appended: no such incident of the user, or it holds `max` updates already. */
export type AppendUpdateRefusal = 'not_found' | 'full';

/**
 * Appends one update to the incident's `updates` (docs/status-pages.md "Incident updates") in one
 * UpdateItem: the condition keeps the incident the user's and the list under `max`, so two owners
 * posting at once can never pass the cap. Answers the incident as it now is, or why it refused.
 */
export const appendIncidentUpdate = async (
  userId: string,
  incidentId: string,
  update: IncidentUpdate,
  max: number,
): Promise<Incident | AppendUpdateRefusal> => {
  const updated = await resultIfAllowed(
    table.update({
      Key: incidentKey(userId, incidentId),
      UpdateExpression: 'SET updates = list_append(if_not_exists(updates, :none), :update)',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(updates) OR size(updates) < :max)',
      ExpressionAttributeValues: { ':none': [], ':update': [update], ':max': max },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (updated?.Attributes) return toIncident(updated.Attributes);
  return (await getUserIncident(userId, incidentId)) ? 'full' : 'not_found';
};

/** Which of `monitorIds` are not monitors of the user (one small GetItem each, keys only). */
export const monitorsNotOwned = async (userId: string, monitorIds: readonly string[]): Promise<string[]> => {
  const found = await Promise.all(
    monitorIds.map(async (id) => {
      const { Item } = await table.get({ Key: monitorKey(userId, id), ProjectionExpression: 'PK' });
      return Item ? null : id;
    }),
  );
  return found.filter((id): id is string => id !== null);
};
