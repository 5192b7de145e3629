import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { deleteUser } from '../../api/delete-user';
import { ADMIN_TEXT } from '../../texts';
import type { AdminUser } from '../../types';
import { adminErrorMessage } from '../../utils/errors';
import { ModalActions } from '@/components/ui/modal-actions';

/** docs/product-rules.md "Operator user actions": delete a user with all their data, after a confirm prompt; it cannot be undone. */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: AdminUser; onClose: () => void; onDeleted: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setFailure(null);
    setDeleting(true);
    try {
      await deleteUser(user.id);
      onDeleted();
    } catch (error) {
      setFailure(adminErrorMessage(error, ADMIN_TEXT.failedToDeleteUser));
      setDeleting(false);
    }
  };

  return (
    <Modal open title="Delete User" onClose={onClose}>
      <div className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <p className="text-sm text-slate-700">
          Delete <span className="font-semibold text-slate-900">{user.name}</span> ({user.email}) and all their data: monitors, check
          history, incidents and settings? This cannot be undone.
        </p>
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
            Delete User
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
