import { useId } from 'react';
import { DEFAULT_ALERT_RULES } from '@shared/alerts/rules.js';
import { AlertRulesFields } from '@/components/alert-rules/alert-rules-fields';
import { CustomRulesUpsell } from '@/components/alert-rules/custom-rules-upsell';
import { draftOfRules, rulesInWords, useAlertRules, type AlertRulesDraft } from '@/lib/alert-rules';
import { useChannels } from '@/lib/channels';
import { MONITOR_RULES_TEXT } from '../texts';

interface AlertRulesFieldProps {
  /** null: the account's rules (`alert_rules` null); else this monitor's own, as typed. */
  value: AlertRulesDraft | null;
  onChange: (value: AlertRulesDraft | null) => void;
  errors: Record<string, string>;
}

const radioClass = 'mt-0.5 size-4 border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600';

/**
 * The monitor form's "Alert rules" (docs/alerts.md "Alert rules"): the account's defaults, which
 * follow them as they change, or rules of this monitor's own. A plan without custom rules reads
 * the rules that apply and is invited to upgrade; a monitor that kept its own rules through a
 * downgrade can still go back to the defaults.
 */
export function AlertRulesField({ value, onChange, errors }: AlertRulesFieldProps) {
  const name = useId();
  const { data, error } = useAlertRules();
  const { data: channelList } = useChannels();
  const channels = channelList?.channels ?? [];
  const accountRules = data?.rules ?? DEFAULT_ALERT_RULES;
  const accountText = data ? rulesInWords(accountRules, channels) : error ? MONITOR_RULES_TEXT.failedToLoad : MONITOR_RULES_TEXT.loading;

  if (data && !data.custom_rules_allowed && value === null) {
    return (
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{MONITOR_RULES_TEXT.legend}</legend>
        <CustomRulesUpsell rulesText={accountText} />
      </fieldset>
    );
  }
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{MONITOR_RULES_TEXT.legend}</legend>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="radio" name={name} className={radioClass} checked={value === null} onChange={() => onChange(null)} />
        <span>
          {MONITOR_RULES_TEXT.accountDefaults}
          <span className="block text-xs text-slate-500">{accountText}</span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="radio"
          name={name}
          className={radioClass}
          checked={value !== null}
          onChange={() => onChange(draftOfRules(accountRules))}
        />
        <span>
          {MONITOR_RULES_TEXT.custom}
          <span className="block text-xs text-slate-500">{MONITOR_RULES_TEXT.customHint}</span>
        </span>
      </label>
      {value !== null && (
        <div className="pt-2 sm:ml-6" data-testid="custom-alert-rules">
          <AlertRulesFields value={value} onChange={onChange} errors={errors} channels={channels} />
        </div>
      )}
    </fieldset>
  );
}
