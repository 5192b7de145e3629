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

const main = async () => {
  // Imported once the environment names the local table: the functions read it on first use.
  const { recountOperatorCounters } = await import('../../../functions/services/admin/recount-counters.js');
  const { corrections, placesRepaired } = await recountOperatorCounters(new Date());
  const lines = [
    ...Object.entries(corrections).map(([name, delta]) => `  ${name} ${delta > 0 ? '+' : ''}${delta}`),
    ...placesRepaired.map(({ workspaceId, from, to }) => `  monitor_count of workspace ${workspaceId}: ${from} -> ${to}`),
  ];
  console.log(lines.length ? `Set right:\n${lines.join('\n')}` : 'Every counter was right.');
};

main().catch((error: unknown) => {
  console.error(`Recount failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`Is the local cloud running (npm start) with DynamoDB Local on port ${settings.ports.dynamodb}?`);
  process.exit(1);
});
