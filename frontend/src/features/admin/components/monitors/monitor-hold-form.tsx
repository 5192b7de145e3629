import { useId, useState } from 'react';
import { MONITOR_HOLD_REASON_MIN } from '@shared/admin/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { holdMonitor } from '../../api/hold-monitor';
import type { AdminMonitor } from '../../types';
import { adminErrorMessage } from '../../utils/errors';
import { formatShortTimestamp } from '../../utils/format';

type Action = 'pause' | 'disable' | 'enable';

/**
 * docs/admin-panel.md "Monitor holds": in the monitor's details an operator pauses or disables an
 * abusive monitor, giving the reason the owner is mailed and shown, or enables a held one again.
 */
export function MonitorHoldForm({ monitor, onDone }: { monitor: AdminMonitor; onDone: (monitor: AdminMonitor, message: string) => void }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const hold = monitor.operator_hold;

  const send = async (action: Action) => {
    setFailure(null);
    if (action !== 'enable' && reason.trim().length < MONITOR_HOLD_REASON_MIN) {
      setFailure(`Please give the owner a reason of at least ${MONITOR_HOLD_REASON_MIN} characters`);
      return;
    }
    setSending(action);
    try {
      const answer = await holdMonitor(monitor.id, action === 'enable' ? { action } : { action, reason: reason.trim() });
      setReason('');
      onDone(answer.monitor, answer.message);
    } catch (error) {
      setFailure(adminErrorMessage(error, 'Failed to change the monitor'));
    } finally {
      setSending(null);
    }
  };

  return (
    <section aria-label="Operator action" className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Operator action</h3>
      {failure && <Alert>{failure}</Alert>}
      {hold ? (
        <>
          <p className="text-sm text-slate-700" data-testid="operator-hold">
            {hold.action === 'disable' ? 'Disabled' : 'Paused'} by an operator on {formatShortTimestamp(hold.at)}: {hold.reason}
          </p>
          <Button loading={sending === 'enable'} onClick={() => void send('enable')}>
            Enable monitor
          </Button>
        </>
      ) : monitor.status === 'disabled' ? (
        <p className="text-sm text-slate-600">Disabled by its plan or account; it comes back with them.</p>
      ) : (
        <>
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
            Reason (mailed to the owner and shown to them)
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={500}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:ring-indigo-500"
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" loading={sending === 'pause'} onClick={() => void send('pause')}>
              Pause monitor
            </Button>
            <Button variant="danger" loading={sending === 'disable'} onClick={() => void send('disable')}>
              Disable monitor
            </Button>
          </div>
          <p className="text-xs text-slate-500">The owner can resume a paused monitor; a disabled one stays off until an operator enables it.</p>
        </>
      )}
    </section>
  );
}
