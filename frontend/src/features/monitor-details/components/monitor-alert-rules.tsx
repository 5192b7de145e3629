import type { Monitor } from '@shared/monitors/schemas.js';
import { rulesInWords, useAlertRules } from '@/lib/alert-rules';
import { useChannels } from '@/lib/channels';
import { MONITOR_RULES_TEXT } from '../texts';

/**
 * When this monitor alerts, reminds and escalates, in words (docs/alerts.md "Alert rules"): its own
 * rules, or on the account defaults the account's, which the page reads as they are now.
 */
export function MonitorAlertRules({ monitor }: { monitor: Pick<Monitor, 'alert_rules'> }) {
  const own = monitor.alert_rules ?? null;
  const { data, error } = useAlertRules();
  const { data: channelList } = useChannels();
  const rules = own ?? data?.rules ?? null;
  return (
    <div className="mt-3 text-sm" data-testid="monitor-alert-rules">
      <p className="text-xs text-slate-500">
        {MONITOR_RULES_TEXT.label}
        {own === null && ` (${MONITOR_RULES_TEXT.accountDefaults})`}
      </p>
      {rules ? (
        <p className="mt-0.5 font-medium text-slate-900">{rulesInWords(rules, channelList?.channels ?? [])}</p>
      ) : error ? (
        <p className="mt-0.5 text-slate-500">{MONITOR_RULES_TEXT.failedToLoad}</p>
      ) : null}
    </div>
  );
}
