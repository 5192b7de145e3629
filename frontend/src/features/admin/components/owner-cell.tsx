import type { TierId } from '@shared/tiers.js';
import { TierBadge } from './badges';

/** The owning user of a monitor, incident or payment: name, e-mail and tier badge; gone accounts say so. */
export function OwnerCell({ name, email, tier }: { name: string | null | undefined; email: string | null | undefined; tier: TierId | null | undefined }) {
  if (!name && !email) return <span className="text-slate-500 italic">Deleted user</span>;
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{name}</p>
      <p className="text-xs text-slate-500">{email}</p>
      {tier && (
        <div className="mt-1">
          <TierBadge tier={tier} />
        </div>
      )}
    </div>
  );
}
