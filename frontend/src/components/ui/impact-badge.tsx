import type { UserImpact } from '@shared/checks/incident-details.js';

/** Impact colours (docs/product-rules.md "Display rules"): HIGH red, MEDIUM orange, LOW yellow. Shared by monitor and incident cards. */
const STYLES: Record<UserImpact, string> = {
  HIGH: 'bg-red-100 text-red-800 ring-red-200',
  MEDIUM: 'bg-orange-100 text-orange-800 ring-orange-200',
  LOW: 'bg-yellow-100 text-yellow-800 ring-yellow-200',
};

export function ImpactBadge({ impact }: { impact: UserImpact }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STYLES[impact]}`}>
      {impact} impact
    </span>
  );
}
