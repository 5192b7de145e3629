import { useState } from 'react';
import type { Monitor } from '@shared/monitors/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useDeleteMonitor } from '../api/delete-monitor';
import { MONITOR_TEXT } from '../texts';
import { DialogActions } from './dialog-actions';

interface DeleteMonitorDialogProps {
  monitor: Monitor;
  onClose: () => void;
  /** After the delete (the monitor page leaves for the list); absent: `onClose`. */
  onDeleted?: () => void;
}

/** docs/product-rules.md "Monitors and their states": delete asks for confirmation; a failure keeps the dialog open with the reason (docs/product-rules.md "Error catalogue"). */
export function DeleteMonitorDialog({ monitor, onClose, onDeleted = onClose }: DeleteMonitorDialogProps) {
  const remove = useDeleteMonitor();
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await remove(monitor.id);
      onDeleted();
    } catch (error) {
      setFailure(errorMessage(error, MONITOR_TEXT.failedToDeleteMonitor));
      setDeleting(false);
    }
  };

  return (
    <Modal open title="Delete Monitor" onClose={onClose}>
      <div className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
        <p className="text-sm text-slate-600">
          Are you sure you want to delete <span className="font-semibold break-words text-slate-900">{monitor.name}</span>? Upwatch
          stops checking <span className="break-all">{monitor.url}</span> and the monitor leaves your list. This cannot be undone.
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
            Delete Monitor
          </Button>
        </DialogActions>
      </div>
    </Modal>
  );
}
