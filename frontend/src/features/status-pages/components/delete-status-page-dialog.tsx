import { useState } from 'react';
import type { StatusPageView } from '@shared/status-pages/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useDeleteStatusPage } from '../api/delete-status-page';
import { deleteConfirmText, STATUS_PAGE_TEXT } from '../texts';

/** Delete asks first (docs/status-pages.md "Managing pages"); a failure keeps the dialog open with the reason. */
export function DeleteStatusPageDialog({ page, onClose }: { page: StatusPageView; onClose: () => void }) {
  const remove = useDeleteStatusPage();
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await remove(page.id);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, STATUS_PAGE_TEXT.failedToDelete));
      setDeleting(false);
    }
  };

  return (
    <Modal open title={STATUS_PAGE_TEXT.deleteTitle} onClose={onClose}>
      <div className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
        <p className="text-sm text-slate-600">
          Are you sure you want to delete <span className="font-semibold break-words text-slate-900">{page.name}</span>?{' '}
          {deleteConfirmText(`/status/${page.slug}`)}
        </p>
        <div className="sticky -bottom-5 z-10 -mx-6 -mb-5 flex flex-col-reverse gap-3 border-t border-slate-100 bg-white px-6 py-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {STATUS_PAGE_TEXT.cancel}
          </Button>
          <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
            {STATUS_PAGE_TEXT.deleteTitle}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
