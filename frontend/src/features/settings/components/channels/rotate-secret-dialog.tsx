import { useState } from 'react';
import type { ChannelView, RotatedSecret } from '@shared/alerts/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/utils/time';
import { rotateChannelSecret } from '../../api/rotate-channel-secret';
import { CHANNEL_TEXT, rotateTitleText } from '../../texts';
import { ModalActions } from '@/components/ui/modal-actions';
import { SecretBox } from './secret-box';

/**
 * Rotate a webhook's signing secret (docs/alerts.md "API"): confirmed first, then the new secret
 * shown this once; the previous one keeps signing for 24 hours so the endpoint can switch over.
 */
export function RotateSecretDialog({ channel, onClose }: { channel: ChannelView; onClose: () => void }) {
  const [rotating, setRotating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [rotated, setRotated] = useState<RotatedSecret | null>(null);

  const confirm = async () => {
    setRotating(true);
    setFailure(null);
    try {
      setRotated(await rotateChannelSecret(channel.id));
    } catch (cause) {
      setFailure(errorMessage(cause, CHANNEL_TEXT.failedToRotateSecret));
    } finally {
      setRotating(false);
    }
  };

  return (
    <Modal open title={CHANNEL_TEXT.rotateSecret} onClose={onClose}>
      <div className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
        {rotated ? (
          <SecretBox secret={rotated.secret}>
            <p>{CHANNEL_TEXT.secretShownOnce}</p>
            <p>
              {CHANNEL_TEXT.previousSecretValid} ({formatTimestamp(rotated.previous_valid_until)})
            </p>
          </SecretBox>
        ) : (
          <div className="space-y-1 text-sm text-slate-600">
            <p className="font-medium text-slate-900">{rotateTitleText(channel.name)}</p>
            <p>{CHANNEL_TEXT.rotateConfirm}</p>
            <p>{CHANNEL_TEXT.previousSecretValid}</p>
          </div>
        )}
        <ModalActions>
          {rotated ? (
            <Button onClick={onClose}>{CHANNEL_TEXT.done}</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={onClose}>
                {CHANNEL_TEXT.cancel}
              </Button>
              <Button loading={rotating} onClick={() => void confirm()}>
                {CHANNEL_TEXT.rotateSecret}
              </Button>
            </>
          )}
        </ModalActions>
      </div>
    </Modal>
  );
}
