import { useState } from 'react';
import { TIER_IDS, TIERS, type TierId } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { UploadIcon } from '@/components/ui/icons';
import { useAdminUsers } from '../../api/get-users';
import { useReloadAdmin } from '../../api/revalidate-admin';
import { ADMIN_TEXT } from '../../texts';
import type { AdminUser } from '../../types';
import { AdminListPanel } from '../admin-list-panel';
import { ErrorBanner } from '../error-banner';
import { FilterBar, FilterSelect, SearchBox } from '../filters';
import { ScreenHeader } from '../list-card';
import { BulkUploadModal } from './bulk-upload-modal';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserDetailModal } from './user-detail-modal';
import { UpgradeUserDialog } from './upgrade-user-dialog';
import { UserEditModal } from './user-edit-modal';
import { USER_COLUMNS, UsersTable } from './users-table';
import { countOf } from '@shared/texts.js';

const TIER_OPTIONS = [
  { value: 'all', label: 'All tiers' },
  ...TIER_IDS.map((tier) => ({ value: tier, label: TIERS[tier].name })),
] as const satisfies readonly { value: TierId | 'all'; label: string }[];

type Dialog =
  | { kind: 'view'; user: AdminUser }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'upgrade'; user: AdminUser }
  | { kind: 'upload'; user: AdminUser | null };

/** User management (docs/product-rules.md "Operator lists", "Operator user actions"). */
export function AdminUsersView() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [tier, setTier] = useState<TierId | 'all'>('all');
  const { data, error, isLoading } = useAdminUsers(page, search, tier);
  const reload = useReloadAdmin();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [actionError, setActionError] = useState<{ message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const done = (message: string) => {
    setDialog(null);
    setActionError(null);
    setNotice(message);
    void reload();
  };

  return (
    <div className="space-y-5">
      <ScreenHeader title="Users" description={data ? countOf(data.total, 'user') : undefined}>
        <Button onClick={() => setDialog({ kind: 'upload', user: null })}>
          <UploadIcon className="size-4" />
          Bulk Upload
        </Button>
      </ScreenHeader>

      <FilterBar>
        <SearchBox
          label="Search"
          placeholder="Name or email"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <FilterSelect
          label="Tier"
          value={tier}
          options={TIER_OPTIONS}
          onChange={(value) => {
            setTier(value);
            setPage(1);
          }}
        />
      </FilterBar>

      <AdminListPanel
        data={data}
        error={error}
        isLoading={isLoading}
        failedText={ADMIN_TEXT.failedToFetchUsers}
        page={page}
        onPageChange={setPage}
        skeletonColumns={USER_COLUMNS.length}
        loadingLabel="Loading users…"
        notices={
          <>
            {actionError && <ErrorBanner message={actionError.message} error={actionError} />}
            {notice && <Alert tone="success">{notice}</Alert>}
          </>
        }
      >
        {(list) => (
          <UsersTable
            users={list.users}
            actions={{
              onView: (user) => setDialog({ kind: 'view', user }),
              onEdit: (user) => setDialog({ kind: 'edit', user }),
              onDelete: (user) => setDialog({ kind: 'delete', user }),
              onUpload: (user) => setDialog({ kind: 'upload', user }),
              onUpgrade: (user) => setDialog({ kind: 'upgrade', user }),
            }}
          />
        )}
      </AdminListPanel>

      {dialog?.kind === 'view' && <UserDetailModal userId={dialog.user.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <UserEditModal user={dialog.user} onClose={() => setDialog(null)} onSaved={(user) => done(`${user.name} was updated.`)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteUserDialog user={dialog.user} onClose={() => setDialog(null)} onDeleted={() => done(`${dialog.user.name} and all their data were deleted.`)} />
      )}
      {dialog?.kind === 'upgrade' && <UpgradeUserDialog user={dialog.user} onClose={() => setDialog(null)} onUpgraded={done} />}
      {dialog?.kind === 'upload' && <BulkUploadModal initialUser={dialog.user} onClose={() => setDialog(null)} onUploaded={() => void reload()} />}
    </div>
  );
}
