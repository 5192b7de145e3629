import type { Monitor } from '@shared/monitors/schemas.js';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { useDeleteMonitor } from '../api/delete-monitor';
import { MONITOR_TEXT } from '../texts';

interface DeleteMonitorDialogProps {
  monitor: Monitor;
  onClose: () => void;
  /** After the delete (the monitor page leaves for the list); absent: `onClose`. */
  onDeleted?: () => void;
}

/** docs/product-rules.md "Monitors and their states": delete asks for confirmation; a failure keeps the dialog open with the reason (docs/product-rules.md "Error catalogue"). */
export function DeleteMonitorDialog({ monitor, onClose, onDeleted = onClose }: DeleteMonitorDialogProps) {
  const remove = useDeleteMonitor();
  return (
    <ConfirmDeleteDialog
      title="Delete Monitor"
      confirmLabel="Delete Monitor"
      failureText={MONITOR_TEXT.failedToDeleteMonitor}
      onConfirm={async () => {
        await remove(monitor.id);
        onDeleted();
      }}
      onClose={onClose}
    >
      Are you sure you want to delete <span className="font-semibold break-words text-slate-900">{monitor.name}</span>? Upwatch
      stops checking <span className="break-all">{monitor.url}</span> and the monitor leaves your list. This cannot be undone.
    </ConfirmDeleteDialog>
  );
}
