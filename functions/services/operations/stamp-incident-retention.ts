import { incidentExpiresAt } from '../../../shared/checks/retention.js';
import { listIncidentRetentionFacts, restampIncident } from '../../repositories/incident-retention-repository.js';
import { userProfilePages } from '../../repositories/user-repository.js';

/** What one run of the incident retention migration did (docs/product-rules.md "Retention"). */
export interface IncidentRetentionMigrationSummary {
  /** Workspaces read (each account's own). */
  workspaces: number;
  /** Ended incidents that had no TTL and got one in this run. */
  incidentsStamped: number;
}

/**
 * Gives the ended incidents written before incidents expired (no `expires_at`) their TTL: the
 * workspace's retention from when each ended, as today's code writes it. Open ones get theirs when
 * they are resolved. Idempotent: an incident with a TTL is left alone, so a second run writes
 * nothing. It walks the profiles through GSI1 as the workspace migration does (a workspace's id is
 * its founder's, whose profile holds its tier), never a Scan.
 */
export const stampIncidentRetention = async (opts: { log?: (line: string) => void } = {}): Promise<IncidentRetentionMigrationSummary> => {
  const summary: IncidentRetentionMigrationSummary = { workspaces: 0, incidentsStamped: 0 };
  for await (const page of userProfilePages()) {
    for (const profile of page) {
      summary.workspaces++;
      let stamped = 0;
      for (const incident of await listIncidentRetentionFacts(profile.id)) {
        if (incident.expiresAt !== null) continue;
        const expires = incidentExpiresAt(incident.resolvedAt, profile.subscription_tier);
        if (expires !== null && (await restampIncident(profile.id, incident, expires, false))) stamped++;
      }
      if (stamped) opts.log?.(`Workspace ${profile.id}: ${stamped} ended incident(s) given their retention`);
      summary.incidentsStamped += stamped;
    }
  }
  return summary;
};

/** The closing line of a run. */
export const describeIncidentRetentionMigration = (summary: IncidentRetentionMigrationSummary): string =>
  `Incident retention: ${summary.workspaces} workspace(s) read, ${summary.incidentsStamped} ended incident(s) given a TTL.`;
