import { encodeTime } from 'ulid';
import type { IncidentAlertType, IncidentDetails } from '../../shared/checks/incident-details.js';
import type { IncidentStatus } from '../../shared/checks/monitor-state.js';
import { isPastTtl } from '../../shared/checks/retention.js';
import { ENTITY, INCIDENT_LIST_PARTITION, INCIDENT_SK_PREFIX, userIncidentsPartition } from '../../shared/table/keys.js';
import { countSince, numberedPage, type NumberedPage } from './index-pages.js';
import type { TableItem } from './query-all.js';
import * as table from './table-commands.js';

/** Incidents as operators see them: all by time (keys.ts 13, GSI1 INCIDENTS), or a user's newest (12). */
export interface IncidentRow {
  id: string;
  user_id: string;
  monitor_id: string;
  alert_type: IncidentAlertType;
  status: IncidentStatus;
  message: string;
  started_at: string;
  resolved_at: string | null;
  monitor_name: string;
  monitor_url: string;
  details: IncidentDetails;
}

const toIncidentRow = (item: TableItem): IncidentRow => ({
  id: String(item.id),
  user_id: String(item.user_id),
  monitor_id: String(item.monitor_id),
  alert_type: item.alert_type as IncidentAlertType,
  status: item.status as IncidentStatus,
  message: String(item.message),
  started_at: String(item.started_at),
  resolved_at: typeof item.resolved_at === 'string' ? item.resolved_at : null,
  monitor_name: String(item.monitor_name),
  monitor_url: String(item.monitor_url),
  details: (item.details ?? {}) as IncidentDetails,
});

/**
 * Whether the item is an incident still kept at `now`: one past its TTL is gone for operators as for
 * users (docs/product-rules.md "Retention"), and the nightly recount no longer counts it. Archived
 * ones are kept (the export has them).
 */
const isKeptIncident = (item: TableItem, now: Date): boolean => item.entity === ENTITY.incident && !isPastTtl(item, now);

/** A page of all incidents, newest recorded first, optionally of one status. */
export const listIncidentsPage = (opts: {
  page: number;
  limit: number;
  status?: IncidentStatus;
  knownTotal?: number;
  now?: Date;
}): Promise<NumberedPage<IncidentRow>> =>
  numberedPage(
    { index: 'GSI1', partition: INCIDENT_LIST_PARTITION },
    {
      page: opts.page,
      limit: opts.limit,
      knownTotal: opts.knownTotal,
      toItem: (item) => (isKeptIncident(item, opts.now ?? new Date()) ? toIncidentRow(item) : null),
      matches: opts.status ? (incident) => incident.status === opts.status : undefined,
    },
  );

/** A user's `count` newest incidents (fewer when some of those are past their TTL). */
export const latestIncidentRowsOfUser = async (userId: string, count: number, now = new Date()): Promise<IncidentRow[]> => {
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userIncidentsPartition(userId), ':prefix': INCIDENT_SK_PREFIX },
    ScanIndexForward: false,
    Limit: count,
  });
  return Items.filter((item) => isKeptIncident(item, now)).map(toIncidentRow);
};

/** Incidents recorded since `from`: their ids are ULIDs, so one COUNT of a key range of GSI1. */
export const countIncidentsSince = (from: Date): Promise<number> =>
  countSince({ index: 'GSI1', partition: INCIDENT_LIST_PARTITION }, encodeTime(from.getTime(), 10));
