import type { HourPoint } from '@shared/insights/monitor-details.js';
import { formatPercentage } from '@/utils/percentage';
import { formatMs } from '../utils/format';

interface ChartDataTableProps {
  points: readonly HourPoint[];
  hourLabel: (point: HourPoint) => string;
  caption: string;
}

/** The chart's figures as a table, newest hour first, for keyboard and screen-reader users and anyone who wants the numbers. */
export function ChartDataTable({ points, hourLabel, caption }: ChartDataTableProps) {
  return (
    <details className="group mt-4 rounded-lg border border-slate-200">
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
        Show data table
      </summary>
      <div className="max-h-80 overflow-auto border-t border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Hour</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Checks</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Uptime</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Average response time</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {[...points].reverse().map((point) => (
              <tr key={point.hour}>
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap text-slate-700">{hourLabel(point)}</th>
                <td className="px-3 py-1.5 text-right text-slate-700">{point.checks}</td>
                <td className="px-3 py-1.5 text-right text-slate-700">{point.checks ? formatPercentage(point.uptime) : 'No data'}</td>
                <td className="px-3 py-1.5 text-right text-slate-700">{point.checks ? formatMs(point.average_response_ms) : 'No data'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
