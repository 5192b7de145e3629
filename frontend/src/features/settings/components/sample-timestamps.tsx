import { useEffect, useState } from 'react';
import { formatTimestamp } from '@/utils/time';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Sample Timestamps (docs/product-rules.md "Settings"): the current time and the time one week earlier in the selected zone. */
export function SampleTimestamps({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);

  const samples = [
    { label: 'Current time', at: now },
    { label: 'One week ago', at: now - WEEK_MS },
  ];
  return (
    <div className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="sample-timestamps">
      <h4 className="text-sm font-medium text-slate-900">Sample Timestamps</h4>
      <dl className="mt-3 space-y-2 text-sm">
        {samples.map(({ label, at }) => {
          const iso = new Date(at).toISOString();
          return (
            <div key={label} className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">
                <time dateTime={iso}>{formatTimestamp(iso, timeZone)}</time>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
