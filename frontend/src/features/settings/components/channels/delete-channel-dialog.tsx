import { useState } from 'react';
import type { ChannelView } from '@shared/alerts/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useDeleteChannel } from '../../api/delete-channel';
import { CHANNEL_TEXT, deleteQuestionText } from '../../texts';
import { FormActions } from './form-actions';

/**
 * Delete a channel, confirmed first (docs/alerts.md "API"). The server takes it off every monitor
 * that sent to it and says how many; that message is what the card shows afterwards.
 */
export function DeleteChannelDialog({ channel, onClose, onDeleted }: { channel: ChannelView; onClose: () => void; onDeleted: (message: string) => void }) {
  const remove = useDeleteChannel();
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      const result = await remove(channel.id);
      onDeleted(result.message);
      onClose();
    } catch (cause) {
      setFailure(errorMessage(cause, CHANNEL_TEXT.failedToDeleteChannel));
      setDeleting(false);
    }
  };

  return (
    <Modal open title={CHANNEL_TEXT.deleteConfirmTitle} onClose={onClose}>
      <div className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
        <p className="text-sm text-slate-600">
          <span className="font-semibold break-words text-slate-900">{deleteQuestionText(channel.name)}</span> {CHANNEL_TEXT.deleteConfirm}
        </p>
        <FormActions>
          <Button variant="secondary" onClick={onClose}>
            {CHANNEL_TEXT.cancel}
          </Button>
          <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
            {CHANNEL_TEXT.delete}
          </Button>
        </FormActions>
      </div>
    </Modal>
  );
}
