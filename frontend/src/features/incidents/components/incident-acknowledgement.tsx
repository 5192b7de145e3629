import { useState } from 'react';
import type { Incident } from '@shared/incidents/schemas.js';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { useAcknowledgeIncident } from '../api/acknowledge-incident';
import { ACK_TEXT, acknowledgedByText } from '../texts';
import { canAcknowledge } from '../utils/format';
import { useMayCall } from '@/lib/workspace';

/**
 * Who took the incident on and when, or the button that does it (docs/alerts.md
 * "Acknowledgement"): only an open down or slow incident nobody acknowledged yet offers it.
 */
export function IncidentAcknowledgement({ incident }: { incident: Incident }) {
  const acknowledge = useAcknowledgeIncident();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mayAcknowledge = useMayCall('acknowledgeIncident');

  if (incident.acknowledged_at) {
    return (
      <p className="mt-4 flex items-center gap-2 border-t border-slate-100 pt-4 text-sm text-slate-700" data-testid="incident-acknowledged">
        <CheckCircleIcon className="size-4 shrink-0 text-emerald-600" />
        {acknowledgedByText(incident.acknowledged_by ?? null, incident.acknowledged_at)}
      </p>
    );
  }
  if (!canAcknowledge(incident) || !mayAcknowledge) return null;

  const click = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await acknowledge(incident.id);
    } catch (cause) {
      setFailure(errorMessage(cause, ACK_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
      <Button size="sm" loading={busy} onClick={() => void click()}>
        {ACK_TEXT.acknowledge}
      </Button>
      <span className="text-xs text-slate-500">{ACK_TEXT.hint}</span>
      {failure && (
        <p role="alert" className="w-full text-sm text-red-600">
          {failure}
        </p>
      )}
    </div>
  );
}
