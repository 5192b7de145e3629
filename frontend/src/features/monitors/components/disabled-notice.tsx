import { Link } from 'react-router-dom';
import { operatorHoldText, type OperatorHold } from '@shared/monitors/schemas.js';
import { POLICY } from '@shared/policies.js';
import { Badge } from '@/components/ui/badge';
import { UPGRADE_PATH } from './limit-banner';

/**
 * A monitor the plan no longer covers (docs/billing.md "Downgrades"): after a downgrade, monitors
 * beyond the new cap are `disabled`, not checked, and kept 30 days. Shown as Disabled, not Paused.
 */
export const isDisabledMonitor = (monitor: { status: string }): boolean => monitor.status === 'disabled';

export const DisabledBadge = () => (
  <Badge tone="slate" dot>
    Disabled
  </Badge>
);

export function DisabledNotice() {
  return (
    <div className="relative z-10 mt-4 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200">
      <p>
        Not checked: over your plan&apos;s limit since a downgrade. Kept {POLICY.disabledMonitorsKeptDays} days, then deleted.
      </p>
      <Link to={UPGRADE_PATH} className="mt-1 inline-block font-medium text-indigo-600 hover:text-indigo-500">
        Upgrade to check it again
      </Link>
    </div>
  );
}

/**
 * A monitor an operator paused or disabled (docs/admin.md "Monitor holds"): the owner reads why,
 * and that a disabled one stays off until an operator enables it (the server refuses a resume).
 */
export function OperatorHoldNotice({ hold }: { hold: OperatorHold }) {
  return (
    <div className="relative z-10 mt-4 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="operator-hold-notice">
      <p>{operatorHoldText(hold)}</p>
    </div>
  );
}
