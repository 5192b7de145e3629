import type { ChannelView } from '@shared/alerts/schemas.js';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { useDeleteChannel } from '../../api/delete-channel';
import { CHANNEL_TEXT, deleteQuestionText } from '../../texts';

/**
 * Delete a channel, confirmed first (docs/alerts.md "API"). The server takes it off every monitor
 * that sent to it and says how many; that message is what the card shows afterwards.
 */
export function DeleteChannelDialog({ channel, onClose, onDeleted }: { channel: ChannelView; onClose: () => void; onDeleted: (message: string) => void }) {
  const remove = useDeleteChannel();
  return (
    <ConfirmDeleteDialog
      title={CHANNEL_TEXT.deleteConfirmTitle}
      confirmLabel={CHANNEL_TEXT.delete}
      cancelLabel={CHANNEL_TEXT.cancel}
      failureText={CHANNEL_TEXT.failedToDeleteChannel}
      onConfirm={async () => {
        const result = await remove(channel.id);
        onDeleted(result.message);
        onClose();
      }}
      onClose={onClose}
    >
      <span className="font-semibold break-words text-slate-900">{deleteQuestionText(channel.name)}</span> {CHANNEL_TEXT.deleteConfirm}
    </ConfirmDeleteDialog>
  );
}
