import { TABLE } from '../../../shared/table/table-definition.js';
import { endpoints, readLocalSettings } from '../settings.js';

/**
 * `npm run counters:recount`: the nightly recount of the operator counters, now, on the local table
 * of the running `npm start` (same settings). The work is the functions' own
 * (functions/services/admin/recount-counters.ts); on AWS, see docs/operations.md "Recount the
 * operator counters".
 */
const settings = readLocalSettings();
Object.assign(process.env, { TABLE_NAME: TABLE.name, AWS_REGION: settings.region, DYNAMODB_ENDPOINT: endpoints(settings).dynamodb });
// The summary below says what the functions' INFO lines would; warnings and errors still show.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

const main = async () => {
  // Imported once the environment names the local table: the functions read it on first use.
  const { recountOperatorCounters } = await import('../../../functions/services/admin/recount-counters.js');
  const { corrections, placesRepaired, placesLeft } = await recountOperatorCounters(new Date());
  const lines = [
    ...Object.entries(corrections).map(([name, delta]) => `  ${name} ${delta > 0 ? '+' : ''}${delta}`),
    ...placesRepaired.map(({ workspaceId, from, to }) => `  monitor_count of workspace ${workspaceId}: ${from} -> ${to}`),
  ];
  const left = placesLeft.map(
    ({ workspaceId, reason }) =>
      `  monitor_count of workspace ${workspaceId}: ${reason === 'reserved' ? 'an upload reserved places in the last 15 minutes' : 'it changed while it was read'}; run again later`,
  );
  if (lines.length) console.log(`Set right:\n${lines.join('\n')}`);
  if (left.length) console.log(`Found off and left alone:\n${left.join('\n')}`);
  if (!lines.length && !left.length) console.log('Every counter was right.');
};

main().catch((error: unknown) => {
  console.error(`Recount failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`Is the local cloud running (npm start) with DynamoDB Local on port ${settings.ports.dynamodb}?`);
  process.exit(1);
});
