import { expiresAt } from '../../shared/checks/retention.js';
import { incidentKey, monitorStateKey } from '../../shared/table/keys.js';
import { adjustCounters } from './admin-counters-repository.js';
import { cancellationReasons } from './dynamo-errors.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';
import { getUserTier } from './user-tier-repository.js';

/** A round committing between the read and the write changes the state: read again, a few times. */
const ATTEMPTS = 3;

/**
 * A monitor that stops being checked (docs/checks.md "Pausing, deleting, disabling"): paused by its
 * owner, deleted, or disabled by a smaller plan (docs/billing.md "Downgrades"). Nothing would ever
 * resolve the incident it had open: it would stay "open" in the user's history and the operator's
 * counters forever. It is resolved at that moment, with no alert (the site did not recover: we
 * stopped watching it), and the monitor's check state forgets whether the site was up, so a
 * monitor resumed later starts afresh (a site still down opens a new incident; one that is up
 * again sends no recovery of an outage it did not watch). Answers whether an incident was closed.
 */
export const closeIncidentOfUnwatchedMonitor = async (userId: string, monitorId: string, at: Date): Promise<boolean> => {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const outcome = await closeOnce(userId, monitorId, at);
    if (outcome !== 'state_changed') return outcome === 'closed';
  }
  return false;
};

const closeOnce = async (userId: string, monitorId: string, at: Date): Promise<'closed' | 'nothing_open' | 'state_changed'> => {
  const { Item } = await table.get({ Key: monitorStateKey(userId, monitorId), ConsistentRead: true });
  const open = Item?.open_incident as { id?: unknown } | null | undefined;
  if (!Item) return 'nothing_open';
  const openId = typeof open?.id === 'string' ? open.id : null;
  // The closed incident's TTL starts now, by the workspace's plan (docs/product-rules.md "Retention").
  const expires = openId ? expiresAt(at, await getUserTier(userId)) : null;
  try {
    await table.transact([
      {
        Update: {
          Key: monitorStateKey(userId, monitorId),
          // `unwatched_since` fails every round's compare-and-swap until the monitor is watched
          // again (watchMonitorAgain): a round in flight, read before this write, cannot put the
          // incident back; it reads again and finds the monitor no longer active.
          UpdateExpression: 'SET open_incident = :none, is_up = :none, slow_streak = :zero, slow_since = :none, pending_streak = :zero, pending_since = :none, unwatched_since = :at',
          // Unchanged since read: a check round that committed meanwhile makes us read again.
          // (and still there: a monitor deleted meanwhile must not get a state item back).
          ConditionExpression: openId
            ? 'attribute_exists(PK) AND open_incident.id = :open'
            : 'attribute_exists(PK) AND (attribute_not_exists(open_incident) OR open_incident = :none)',
          ExpressionAttributeValues: { ':none': null, ':zero': 0, ':at': at.toISOString(), ...(openId ? { ':open': openId } : {}) },
        },
      },
      ...(openId
        ? [
            {
              Update: {
                Key: incidentKey(userId, openId),
                UpdateExpression: 'SET #status = :resolved, resolved_at = :at, expires_at = :expires',
                ConditionExpression: 'attribute_exists(PK) AND #status = :openStatus',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':resolved': 'resolved', ':at': at.toISOString(), ':openStatus': 'open', ':expires': expires },
              },
            },
          ]
        : []),
    ]);
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    // Resolved meanwhile (by an operator): nothing left to close here.
    if (reasons[1] === 'ConditionalCheckFailed') return 'nothing_open';
    // The state changed since read (a round committed, the monitor was deleted) or a conflict: read again.
    return 'state_changed';
  }
  if (openId) await adjustCounters({ incidents_open: -1 });
  return openId ? 'closed' : 'nothing_open';
};

/**
 * A paused or disabled monitor is checked again (resumed, re-enabled): its rounds apply again.
 * `watched_since` changes with every resume, so a round read before a pause and committed after the
 * resume loses its compare-and-swap (monitor-check-state-repository.ts): `last_round` alone would not
 * tell that the pause reset the state in between.
 */
export const watchMonitorAgain = async (userId: string, monitorId: string, at: Date = new Date()): Promise<void> => {
  await writeIfAllowed(
    table.update({
      Key: monitorStateKey(userId, monitorId),
      UpdateExpression: 'SET watched_since = :at REMOVE unwatched_since',
      // Never checked yet: no state item to change (and none to create).
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );
};
