import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

interface ConfirmDeleteDialogProps {
  title: string;
  /** The danger button's words (e.g. "Delete Monitor"). */
  confirmLabel: string;
  cancelLabel?: string;
  /** What the dialog says when the failure carries no message of its own. */
  failureText: string;
  /** Deletes; a throw keeps the dialog open with the reason. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** The question and what deleting means, as the feature words it. */
  children: ReactNode;
}

/**
 * Every delete asks first, and a failed delete keeps the dialog open with the reason
 * (docs/product-rules.md "Error catalogue"); the buttons stay in view at the foot of a long body.
 * One dialog for monitors, channels, status pages and maintenance windows.
 */
export function ConfirmDeleteDialog({ title, confirmLabel, cancelLabel = 'Cancel', failureText, onConfirm, onClose, children }: ConfirmDeleteDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(errorMessage(error, failureText));
      setDeleting(false);
    }
  };

  return (
    <Modal open title={title} onClose={onClose}>
      <div className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
        <p className="text-sm text-slate-600">{children}</p>
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
