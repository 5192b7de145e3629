import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useMayCall } from '@/lib/workspace';
import { monitorDetailsPath } from '../api/get-monitor-details';
import { regenerateHeartbeatUrl } from '../api/regenerate-heartbeat-url';
import { HEARTBEAT_URL_TEXT } from '../texts';

/**
 * "Regenerate URL" on a heartbeat monitor's page (docs/checks.md "Heartbeat monitors"), behind a
 * confirmation because the job's current URL stops at once; the page then shows the new URL. Shown
 * only to a role that may call it (docs/teams.md "Roles").
 */
export function RegenerateHeartbeatUrl({ monitorId }: { monitorId: string }) {
  const mayRegenerate = useMayCall('regenerateHeartbeatUrl');
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (!mayRegenerate) return null;

  const regenerate = async () => {
    setWorking(true);
    setFailure(null);
    try {
      await regenerateHeartbeatUrl(monitorId);
      await mutate(monitorDetailsPath(monitorId));
      setConfirming(false);
      setDone(true);
    } catch (cause) {
      setFailure(errorMessage(cause, HEARTBEAT_URL_TEXT.failed));
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="space-y-3">
      {done && <Alert tone="success">{HEARTBEAT_URL_TEXT.done}</Alert>}
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        {HEARTBEAT_URL_TEXT.regenerate}
      </Button>
      {confirming && (
        <Modal open title={HEARTBEAT_URL_TEXT.title} onClose={() => setConfirming(false)}>
          <div className="space-y-5">
            {failure && <Alert>{failure}</Alert>}
            <p className="text-sm text-slate-600">{HEARTBEAT_URL_TEXT.confirm}</p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {HEARTBEAT_URL_TEXT.cancel}
              </Button>
              <Button variant="danger" loading={working} onClick={() => void regenerate()}>
                {HEARTBEAT_URL_TEXT.regenerate}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </div>
  );
}
