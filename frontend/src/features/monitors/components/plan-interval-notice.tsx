import type { PlanIntervalChange } from '@shared/monitors/schemas.js';
import { intervalLabel } from '@/utils/monitor-format';

/**
 * What the owner reads on a monitor a smaller plan moved to its shortest interval (docs/billing.md
 * "Downgrades"), until the interval is changed again.
 */
export const planIntervalNoticeText = (change: PlanIntervalChange): string =>
  `Now checked every ${intervalLabel(change.to)}, the shortest interval your plan allows (it was every ${intervalLabel(change.from)} before your plan changed).`;

/** Shown on the monitor's card while the monitor is still at the interval the plan change gave it. */
export function PlanIntervalNotice({ change, checkInterval }: { change: PlanIntervalChange; checkInterval: number }) {
  if (checkInterval !== change.to) return null;
  return (
    <div className="relative z-10 mt-4 rounded-lg bg-indigo-50 px-3 py-2.5 text-sm text-indigo-900 ring-1 ring-indigo-200" data-testid="plan-interval-notice">
      <p>{planIntervalNoticeText(change)}</p>
    </div>
  );
}
