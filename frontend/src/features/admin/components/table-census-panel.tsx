import type { TableCensus, TableCensusKind } from '@shared/admin/responses.js';

/** What each kind of item is called on the dashboard. */
const KIND_LABELS: Record<TableCensusKind['kind'], string> = {
  users: 'Users',
  monitors: 'Monitors',
  incidents: 'Incidents',
  check_results: 'Check results',
  hourly_rollups: 'Hourly rollups',
  round_history: 'Round history',
  daily_rollups: 'Daily rollups',
};

const count = (value: number): string => value.toLocaleString('en-US');

/** 1,234,567 bytes as "1.2 MB". */
export const formatBytes = (bytes: number): string => {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
};

/**
 * The table's size by kind of item, from the daily census (docs/admin.md "Table size by kind"):
 * counted kinds as they are, the per-monitor kinds marked as estimates from the sample.
 */
export function TableCensusPanel({ census }: { census: TableCensus | null }) {
  if (!census) {
    return <p className="text-sm text-slate-600">The census runs every day at 03:30 UTC; the table's size by kind shows here after its first run.</p>;
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {formatBytes(census.table_bytes)} in {count(census.table_items)} items, as of {new Date(census.measured_at).toUTCString()}.
        Kinds marked ≈ are estimated from {census.sampled_monitors} sampled monitors.
      </p>
      <table className="w-full text-sm">
        <caption className="sr-only">Items in the table by kind</caption>
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-1.5 font-medium">Kind</th>
            <th scope="col" className="py-1.5 text-right font-medium">Items</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {census.kinds.map((kind) => (
            <tr key={kind.kind}>
              <th scope="row" className="py-2 text-left font-normal text-slate-700">{KIND_LABELS[kind.kind]}</th>
              <td className="py-2 text-right font-medium text-slate-900 tabular-nums">
                {kind.estimated ? `≈ ${count(kind.items)}` : count(kind.items)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
