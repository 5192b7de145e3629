import type { SubscriberView } from '@shared/status-pages/subscribers.js';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { removeSubscriber } from '../api/remove-subscriber';
import { removeSubscriberConfirmText, STATUS_PAGE_TEXT, SUBSCRIBERS_TEXT } from '../texts';

/**
 * Remove asks first (docs/status-pages.md "Subscribers"); a failure keeps the dialog open with the
 * reason. `onRemoved` reads the list again before the dialog closes, so the row is gone when it does.
 */
export function RemoveSubscriberDialog({
  pageId,
  subscriber,
  onRemoved,
  onClose,
}: {
  pageId: string;
  subscriber: SubscriberView;
  onRemoved: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDeleteDialog
      title={SUBSCRIBERS_TEXT.removeTitle}
      confirmLabel={SUBSCRIBERS_TEXT.removeTitle}
      cancelLabel={STATUS_PAGE_TEXT.cancel}
      failureText={SUBSCRIBERS_TEXT.failedToRemove}
      onConfirm={async () => {
        await removeSubscriber(pageId, subscriber.id);
        await onRemoved();
      }}
      onClose={onClose}
    >
      Are you sure you want to remove <span className="font-semibold break-all text-slate-900">{subscriber.email}</span>? {removeSubscriberConfirmText}
    </ConfirmDeleteDialog>
  );
}
