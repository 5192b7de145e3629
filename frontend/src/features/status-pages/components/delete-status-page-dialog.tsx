import type { StatusPageView } from '@shared/status-pages/schemas.js';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { useDeleteStatusPage } from '../api/delete-status-page';
import { deleteConfirmText, STATUS_PAGE_TEXT } from '../texts';

/** Delete asks first (docs/status-pages.md "Managing pages"); a failure keeps the dialog open with the reason. */
export function DeleteStatusPageDialog({ page, onClose }: { page: StatusPageView; onClose: () => void }) {
  const remove = useDeleteStatusPage();
  return (
    <ConfirmDeleteDialog
      title={STATUS_PAGE_TEXT.deleteTitle}
      confirmLabel={STATUS_PAGE_TEXT.deleteTitle}
      cancelLabel={STATUS_PAGE_TEXT.cancel}
      failureText={STATUS_PAGE_TEXT.failedToDelete}
      onConfirm={async () => {
        await remove(page.id);
        onClose();
      }}
      onClose={onClose}
    >
      Are you sure you want to delete <span className="font-semibold break-words text-slate-900">{page.name}</span>?{' '}
      {deleteConfirmText(`/status/${page.slug}`)}
    </ConfirmDeleteDialog>
  );
}
