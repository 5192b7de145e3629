import { useState } from 'react';
import { FORCE_CHECK_MAX } from '@shared/monitors/schemas.js';
import { forceCheckSummary, TEXT } from '@shared/texts.js';
import { errorMessage } from '@/lib/api-client';
import { useForceCheck } from '../api/force-check';

export type RefreshOutcome = { tone: 'success' | 'info' | 'error'; text: string } | null;

const isTimeout = (error: unknown): boolean => error instanceof DOMException && error.name === 'TimeoutError';

/**
 * Refresh Status (docs/product-rules.md "Force check", "Error catalogue"): checks the monitors now, one run at a time, then the list is
 * reloaded and the outcome worded as docs/product-rules.md "Force check" says. More than 50 monitors asks first, since only 50
 * are checked.
 */
export const useRefreshStatus = (totalMonitors: number) => {
  const runForceCheck = useForceCheck();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<RefreshOutcome>(null);

  const refresh = async () => {
    if (running) return;
    if (
      totalMonitors > FORCE_CHECK_MAX &&
      !window.confirm(
        `You have ${totalMonitors} monitors. Refresh Status checks ${FORCE_CHECK_MAX} of them now, the least recently checked first. Continue?`,
      )
    ) {
      return;
    }
    setRunning(true);
    setOutcome(null);
    try {
      const result = await runForceCheck();
      setOutcome({
        // Down sites are news to act on; checks not finished in time are only information.
        tone: result.down > 0 ? 'error' : result.failed > 0 ? 'info' : 'success',
        text: forceCheckSummary(result),
      });
    } catch (error) {
      setOutcome({
        tone: 'error',
        text: isTimeout(error) ? TEXT.forceCheckTimedOut : errorMessage(error, TEXT.failedToUpdateMonitorStatus),
      });
    } finally {
      setRunning(false);
    }
  };

  return { running, outcome, refresh };
};
