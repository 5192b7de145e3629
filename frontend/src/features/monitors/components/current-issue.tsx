import type { MonitorIncident } from '@shared/monitors/schemas.js';
import { ImpactBadge } from '@/components/ui/impact-badge';

/** docs/product-rules.md "Monitors and their states": on an offline, active monitor, what is wrong now: impact, what it means, the HTTP status. */
export function CurrentIssue({ incident }: { incident: MonitorIncident }) {
  const { details } = incident;
  return (
    <div className="mt-4 rounded-lg bg-red-50 p-3 ring-1 ring-red-100" data-testid="current-issue">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-red-800 uppercase">Current Issue</p>
        <ImpactBadge impact={details.user_impact} />
      </div>
      <p className="mt-2 text-sm text-red-900">{details.impact_description}</p>
      {details.status_code !== null && <p className="mt-1 text-xs text-red-700">HTTP status {details.status_code}</p>}
    </div>
  );
}
