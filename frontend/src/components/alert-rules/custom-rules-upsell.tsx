import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ALERT_RULES_TEXT } from '@/lib/alert-rules';

/**
 * What a plan without custom alert rules sees where the rules would be edited (docs/alerts.md
 * "Alert rules"): the rules that apply, in words, and the way to a plan that has them; no form
 * with its controls turned off.
 */
export function CustomRulesUpsell({ rulesText }: { rulesText: string }) {
  return (
    <div className="space-y-3" data-testid="custom-rules-upsell">
      <p className="text-sm font-medium text-slate-900">{rulesText}.</p>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900 ring-1 ring-indigo-200 ring-inset">
        <p>{ALERT_RULES_TEXT.proOnly}</p>
        <ButtonLink to={paths.app.subscription} size="sm">
          {ALERT_RULES_TEXT.upgrade}
        </ButtonLink>
      </div>
    </div>
  );
}
