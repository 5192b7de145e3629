import { Link } from 'react-router-dom';
import { CHANNEL_TYPES, type ChannelType } from '@shared/alerts/channels/index.js';
import type { ChannelList } from '@shared/alerts/schemas.js';
import { ChannelTypeLabel, channelTypeLabel } from '@/components/channels/channel-type-label';
import { paths } from '@/config/paths';
import { availableOnText, CHANNEL_TEXT } from '../../texts';
import { typeAvailability } from '../../utils/channels';

/**
 * The channel types to choose from (docs/alerts.md "Plans"): those the plan includes as choices,
 * the others shown with the plan that includes them and a link to the plans, so nothing is
 * refused without a word.
 */
export function ChannelTypeChooser({
  value,
  limits,
  onChange,
}: {
  value: ChannelType | null;
  limits: ChannelList['limits'];
  onChange: (type: ChannelType) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{CHANNEL_TEXT.chooseType}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {CHANNEL_TYPES.map((type) => {
          const availability = typeAvailability(type, limits);
          if (!availability.allowed) {
            return (
              <div key={type} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset" data-testid={`locked-${type}`}>
                <span className="text-sm text-slate-500">
                  <ChannelTypeLabel type={type} />
                </span>
                <Link to={paths.pricing} className="text-xs font-medium whitespace-nowrap text-indigo-600 hover:text-indigo-500">
                  {availableOnText(availability.planName)}
                </Link>
              </div>
            );
          }
          const checked = value === type;
          return (
            <label
              key={type}
              className={`flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-inset ${
                checked ? 'bg-indigo-50 ring-indigo-500' : 'bg-white ring-slate-300 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name="channel-type"
                value={type}
                checked={checked}
                onChange={() => onChange(type)}
                className="size-4 text-indigo-600"
                aria-label={channelTypeLabel(type)}
              />
              <ChannelTypeLabel type={type} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
