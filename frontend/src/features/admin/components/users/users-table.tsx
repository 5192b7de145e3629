import { Badge } from '@/components/ui/badge';
import { EyeIcon, PencilIcon, TrashIcon, UploadIcon } from '@/components/ui/icons';
import { formatDate } from '@/utils/time';
import type { AdminUser } from '../../types';
import { ActiveBadge, TierBadge } from '../badges';
import { Cell, EmptyRow, ListTable } from '../list-card';

export interface UserActions {
  onView: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
  onUpgrade: (user: AdminUser) => void;
  onUpload: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export const USER_COLUMNS = ['User', 'Subscription', 'Status', 'Joined', 'Actions'] as const;

const iconButton =
  'rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** docs/product-rules.md "Operator user actions": user, subscription, status, joined, actions; Upgrade to Pro only for free users. */
export function UsersTable({ users, actions }: { users: readonly AdminUser[]; actions: UserActions }) {
  return (
    <ListTable label="Users" head={USER_COLUMNS}>
      {users.length === 0 ? (
        <EmptyRow columns={USER_COLUMNS.length}>No users match.</EmptyRow>
      ) : (
        users.map((user) => (
          <tr key={user.id} data-testid="user-row">
            <Cell label="User">
              <p className="font-medium text-slate-900">{user.name}</p>
              <p className="text-xs text-slate-500">{user.email}</p>
            </Cell>
            <Cell label="Subscription">
              <TierBadge tier={user.subscription_tier} />
            </Cell>
            <Cell label="Status">
              <div className="flex flex-wrap gap-1.5">
                <ActiveBadge active={user.is_active} />
                {!user.email_verified && <Badge tone="amber">Unverified</Badge>}
              </div>
            </Cell>
            <Cell label="Joined" className="whitespace-nowrap">{formatDate(user.created_at)}</Cell>
            <Cell label="Actions">
              <div className="flex items-center gap-1">
                <button type="button" className={iconButton} onClick={() => actions.onView(user)} aria-label={`View ${user.name}`} title="View details">
                  <EyeIcon className="size-4" />
                </button>
                <button type="button" className={iconButton} onClick={() => actions.onEdit(user)} aria-label={`Edit ${user.name}`} title="Edit">
                  <PencilIcon className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => actions.onUpload(user)}
                  aria-label={`Upload monitors for ${user.name}`}
                  title="Upload monitors"
                >
                  <UploadIcon className="size-4" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
                  onClick={() => actions.onDelete(user)}
                  aria-label={`Delete ${user.name}`}
                  title="Delete"
                >
                  <TrashIcon className="size-4" />
                </button>
                {user.subscription_tier === 'free' && (
                  <button
                    type="button"
                    onClick={() => actions.onUpgrade(user)}
                    className="ml-1 rounded-md bg-indigo-50 px-2 py-1 text-xs font-medium whitespace-nowrap text-indigo-700 ring-1 ring-indigo-600/20 ring-inset hover:bg-indigo-100"
                  >
                    Upgrade to Pro
                  </button>
                )}
              </div>
            </Cell>
          </tr>
        ))
      )}
    </ListTable>
  );
}
