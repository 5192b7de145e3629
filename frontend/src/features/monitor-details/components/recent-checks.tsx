import { useState } from 'react';
import type { CheckOutcome, CheckTimings } from '@shared/checks/check-result.js';
import type { ExportedCheck } from '@shared/insights/schemas.js';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatMs, OUTCOME_LABEL } from '../utils/format';

const OUTCOME_TONE: Record<CheckOutcome, BadgeTone> = { up: 'emerald', down: 'red', degraded: 'amber' };

const PHASES: { key: Exclude<keyof CheckTimings, 'total'>; label: string; colour: string }[] = [
  { key: 'dns', label: 'DNS', colour: 'bg-sky-400' },
  { key: 'connect', label: 'Connect', colour: 'bg-indigo-400' },
  { key: 'tls', label: 'TLS', colour: 'bg-violet-400' },
  { key: 'ttfb', label: 'TTFB', colour: 'bg-emerald-400' },
];

/** Where the time of one check went, as a stacked bar (the figures are in the text beside it). */
function PhaseBar({ timings }: { timings: CheckTimings }) {
  const total = Math.max(timings.total, 0.001);
  return (
    <div className="mt-3 flex h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      {PHASES.map(({ key, colour }) => {
        const value = timings[key];
        return value ? <span key={key} className={colour} style={{ width: `${Math.min(100, (value / total) * 100)}%` }} /> : null;
      })}
    </div>
  );
}

function LatestInRegion({ check }: { check: ExportedCheck }) {
  const total = check.timings_ms.total;
  return (
    <li className="rounded-lg p-4 ring-1 ring-slate-200" data-testid="region-check">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-900">{check.region}</h3>
        <Badge tone={OUTCOME_TONE[check.outcome]} dot>
          {OUTCOME_LABEL[check.outcome]}
        </Badge>
      </div>
      {total !== null && <p className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{formatMs(total)}</p>}
      <p className={`text-xs text-slate-500 ${total === null ? 'mt-2' : ''}`}>
        <RelativeTime iso={check.checked_at} />
        {check.status_code !== null && ` · HTTP ${check.status_code}`}
      </p>
      {/* Not timed (a heartbeat's round, judged from the last ping): no time and no phases, rather than "0 ms". */}
      {total !== null && (
        <>
          <PhaseBar timings={{ ...check.timings_ms, total }} />
          <dl className="mt-3 grid grid-cols-4 gap-2 text-xs">
            {PHASES.map(({ key, label, colour }) => (
              <div key={key}>
                <dt className="flex items-center gap-1 text-slate-500">
                  <span className={`size-2 rounded-full ${colour}`} aria-hidden="true" />
                  {label}
                </dt>
                <dd className="mt-0.5 font-medium text-slate-800 tabular-nums">{formatMs(check.timings_ms[key])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </li>
  );
}

const cell = 'px-3 py-2 whitespace-nowrap';

/**
 * The latest checks with their phase timings: the newest answer of each region, then every recent
 * check in a table that can be narrowed to one region.
 */
export function RecentChecks({ checks }: { checks: readonly ExportedCheck[] }) {
  const [region, setRegion] = useState<string | null>(null);
  const regions = [...new Set(checks.map((check) => check.region))].sort();
  const latest = regions.map((name) => checks.find((check) => check.region === name)).filter((check) => check !== undefined);
  const shown = region ? checks.filter((check) => check.region === region) : checks;

  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="recent-checks-title">
      <h2 id="recent-checks-title" className="font-semibold text-slate-900">
        Recent checks
      </h2>
      {checks.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">
          No checks yet. The first results appear here after the monitor's first check.
        </p>
      ) : (
        <>
          <p className="mt-0.5 text-xs text-slate-500">The newest answer from each region, and where its time went</p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {latest.map((check) => (
              <LatestInRegion key={check.region} check={check} />
            ))}
          </ul>

          <div className="mt-6 flex flex-wrap gap-1" role="group" aria-label="Show checks from">
            {[null, ...regions].map((name) => (
              <button
                key={name ?? 'all'}
                type="button"
                aria-pressed={region === name}
                onClick={() => setRegion(name)}
                className={`rounded-md px-2.5 py-1 text-xs font-medium transition focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  region === name ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                }`}
              >
                {name ?? 'All regions'}
              </button>
            ))}
          </div>

          <div className="mt-3 overflow-x-auto rounded-lg ring-1 ring-slate-200" tabIndex={0} role="region" aria-label="Recent checks table">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th scope="col" className={`${cell} font-medium`}>Checked</th>
                  <th scope="col" className={`${cell} font-medium`}>Region</th>
                  <th scope="col" className={`${cell} font-medium`}>Result</th>
                  <th scope="col" className={`${cell} text-right font-medium`}>HTTP</th>
                  {PHASES.map(({ key, label }) => (
                    <th key={key} scope="col" className={`${cell} text-right font-medium`}>
                      {label}
                    </th>
                  ))}
                  <th scope="col" className={`${cell} text-right font-medium`}>Total</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-700 tabular-nums">
                {shown.map((check) => (
                  <tr key={`${check.checked_at}-${check.region}`} data-testid="check-row">
                    <td className={cell}>
                      <RelativeTime iso={check.checked_at} />
                    </td>
                    <td className={cell}>{check.region}</td>
                    <td className="px-3 py-2">
                      <Badge tone={OUTCOME_TONE[check.outcome]}>{OUTCOME_LABEL[check.outcome]}</Badge>
                      {check.error_category && (
                        <p className="mt-1 max-w-64 text-xs text-slate-500" title={check.message ?? undefined}>
                          {check.error_category.replaceAll('_', ' ')}
                        </p>
                      )}
                    </td>
                    <td className={`${cell} text-right`}>{check.status_code ?? '—'}</td>
                    {PHASES.map(({ key }) => (
                      <td key={key} className={`${cell} text-right`}>
                        {formatMs(check.timings_ms[key])}
                      </td>
                    ))}
                    <td className={`${cell} text-right font-medium text-slate-900`}>{formatMs(check.timings_ms.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
