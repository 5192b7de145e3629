import {
  ENTITY,
  INCIDENT_ARCHIVE_DUE_PARTITION,
  INCIDENT_SK_PREFIX,
  incidentArchiveDueKey,
  incidentArchiveDueListKey,
  incidentKey,
  userIncidentsPartition,
} from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * What retention reads and writes of a workspace's incidents (docs/product-rules.md "Retention"):
 * their TTL, moved with the plan, and the archive a downgrade to Free makes after its grace; and
 * the due item (keys.ts 81) that says when that grace ends.
 */

/** The attributes of one incident that retention decides on. */
export interface IncidentRetentionFacts {
  id: string;
  resolvedAt: string | null;
  expiresAt: number | null;
  archivedAt: string | null;
}

/** Every incident of the workspace, only what retention needs (pattern 12, projected). */
export const listIncidentRetentionFacts = async (workspaceId: string): Promise<IncidentRetentionFacts[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: 'id, resolved_at, expires_at, archived_at',
    ExpressionAttributeValues: { ':pk': userIncidentsPartition(workspaceId), ':prefix': INCIDENT_SK_PREFIX },
  });
  return items.map((item) => ({
    id: String(item.id),
    resolvedAt: typeof item.resolved_at === 'string' ? item.resolved_at : null,
    expiresAt: typeof item.expires_at === 'number' ? item.expires_at : null,
    archivedAt: typeof item.archived_at === 'string' ? item.archived_at : null,
  }));
};

/**
 * Gives an ended incident a new TTL, out of the archive when `unarchive`. Only while it still
 * ended when it did (a concurrent write wins); false when it is gone or changed.
 */
export const restampIncident = async (workspaceId: string, incident: IncidentRetentionFacts, expiresAt: number, unarchive: boolean): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: incidentKey(workspaceId, incident.id),
      UpdateExpression: `SET expires_at = :expires${unarchive ? ' REMOVE archived_at' : ''}`,
      ConditionExpression: 'attribute_exists(PK) AND resolved_at = :resolved',
      ExpressionAttributeValues: { ':expires': expiresAt, ':resolved': incident.resolvedAt },
    }),
  );

/** Archives an ended incident (it keeps its TTL): out of every list, still in the export. */
export const archiveIncident = async (workspaceId: string, incident: IncidentRetentionFacts, at: Date): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: incidentKey(workspaceId, incident.id),
      UpdateExpression: 'SET archived_at = :at',
      ConditionExpression: 'attribute_exists(PK) AND resolved_at = :resolved',
      ExpressionAttributeValues: { ':at': at.toISOString(), ':resolved': incident.resolvedAt },
    }),
  );

/** Records when the Free grace of a workspace ends (keys.ts 81); a later downgrade moves it. */
export const putIncidentArchiveDue = async (workspaceId: string, dueAt: Date): Promise<void> => {
  await table.put({
    Item: {
      ...incidentArchiveDueKey(workspaceId),
      ...incidentArchiveDueListKey(dueAt.toISOString(), workspaceId),
      entity: ENTITY.incidentArchiveDue,
      workspace_id: workspaceId,
      due_at: dueAt.toISOString(),
    },
  });
};

/** When the workspace's Free grace ends; null when none is running. */
export const getIncidentArchiveDue = async (workspaceId: string): Promise<string | null> => {
  const { Item } = await table.get({ Key: incidentArchiveDueKey(workspaceId), ProjectionExpression: 'due_at' });
  return typeof Item?.due_at === 'string' ? Item.due_at : null;
};

export const deleteIncidentArchiveDue = async (workspaceId: string): Promise<void> => {
  await table.delete({ Key: incidentArchiveDueKey(workspaceId) });
};

/** Workspaces whose Free grace ended at or before `now`, oldest first (one Query of GSI1). */
export const listIncidentArchivesDue = async (now: Date, limit = 100): Promise<string[]> => {
  const { Items } = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
    ExpressionAttributeValues: { ':pk': INCIDENT_ARCHIVE_DUE_PARTITION, ':now': `${now.toISOString()}#\uffff` },
    Limit: limit,
  });
  return (Items ?? []).map((item) => String(item.workspace_id));
};
