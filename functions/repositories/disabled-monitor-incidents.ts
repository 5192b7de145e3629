import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { incidentKey, monitorStateKey } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import { adjustCounters } from './admin-counters-repository.js';
import { cancellationReasons } from './dynamo-errors.js';

/**
 * A monitor disabled by a smaller plan is no longer checked, so nothing would ever resolve the
 * incident it had open (docs/billing.md "Downgrades"): it would stay "open" in the user's history
 * and the operator's counters, even after the monitor is deleted 30 days on. It is resolved at
 * the moment the monitor is disabled, and the monitor's check state forgets whether the site was
 * up, so a monitor resumed later starts afresh (a site still down opens a new incident; one that
 * is up again sends no recovery of an outage it did not watch).
 */
export const closeIncidentOfDisabledMonitor = async (userId: string, monitorId: string, at: Date): Promise<boolean> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: monitorStateKey(userId, monitorId), ConsistentRead: true }));
  const open = Item?.open_incident as { id?: unknown } | null | undefined;
  if (!Item) return false;
  const openId = typeof open?.id === 'string' ? open.id : null;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: monitorStateKey(userId, monitorId),
              UpdateExpression: 'SET open_incident = :none, is_up = :none, slow_streak = :zero, slow_since = :none',
              // Unchanged since read: a check round that committed meanwhile is read again next time.
              ConditionExpression: openId ? 'open_incident.id = :open' : 'attribute_not_exists(open_incident) OR open_incident = :none',
              ExpressionAttributeValues: { ':none': null, ':zero': 0, ...(openId ? { ':open': openId } : {}) },
            },
          },
          ...(openId
            ? [
                {
                  Update: {
                    TableName: tableName(),
                    Key: incidentKey(userId, openId),
                    UpdateExpression: 'SET #status = :resolved, resolved_at = :at',
                    ConditionExpression: 'attribute_exists(PK) AND #status = :openStatus',
                    ExpressionAttributeNames: { '#status': 'status' },
                    ExpressionAttributeValues: { ':resolved': 'resolved', ':at': at.toISOString(), ':openStatus': 'open' },
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    // Resolved meanwhile (by a round or an operator), or the state changed: nothing left to close here.
    if (cancellationReasons(error)) return false;
    throw error;
  }
  if (openId) await adjustCounters({ incidents_open: -1 });
  return openId !== null;
};
