/**
 * The workspace migration at every start of the local cloud (docs/teams.md "Migration"), once the
 * table is provisioned and the functions' environment is set, before the gateway serves: a data
 * directory written before workspaces existed works at once. With nothing to migrate it reads the
 * profiles and writes nothing, and says nothing; otherwise it prints what it wrote.
 */
export const runWorkspaceMigration = async (log: (line: string) => void): Promise<void> => {
  // Imported here, after cloud.ts has set TABLE_NAME and the endpoints the functions read on first use.
  const { describeMigration, migrateWorkspaces } = await import('../../functions/services/operations/migrate-workspaces.js');
  const summary = await migrateWorkspaces();
  if (summary.itemsWritten) log(describeMigration(summary));
};

/**
 * The incident retention migration at every start, after the workspace one (docs/product-rules.md
 * "Retention"): ended incidents written before incidents expired get their TTL. Silent when it
 * writes nothing.
 */
export const runIncidentRetentionMigration = async (log: (line: string) => void): Promise<void> => {
  const { describeIncidentRetentionMigration, stampIncidentRetention } = await import('../../functions/services/operations/stamp-incident-retention.js');
  const summary = await stampIncidentRetention();
  if (summary.incidentsStamped) log(describeIncidentRetentionMigration(summary));
};
