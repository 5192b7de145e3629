import type { ChannelList } from '@shared/alerts/schemas.js';
import { channelsUsedText, textsUsedText } from '../../texts';

/**
 * The plan's channel allowance, before anything is sent (docs/alerts.md "Plans"): "3 of 10
 * channels used on the Pro plan", and on a plan with texts, "12 of 50 texts used this month".
 */
export function PlanUsage({ limits, planName, showTexts = true }: { limits: ChannelList['limits']; planName: string; showTexts?: boolean }) {
  return (
    <div className="space-y-0.5 text-sm text-slate-600" data-testid="channel-plan-usage">
      <p>{channelsUsedText(limits.channels_used, limits.channel_cap, planName)}</p>
      {showTexts && limits.sms_per_month > 0 && <p>{textsUsedText(limits.sms_used_this_month, limits.sms_per_month)}</p>}
    </div>
  );
}
