import { INCIDENT_UPDATE_STATUS_TEXT, type IncidentUpdate } from '@shared/incidents/updates.js';
import { Badge } from '@/components/ui/badge';
import { formatTimestamp } from '@/utils/time';
import { IMPACT_TEXT, UPDATE_TEXT } from '../texts';
import { impactEntries, newestFirst, UPDATE_STATUS_TONE } from '../utils/update-form';

// The stored message is HTML the server rendered from the safe Markdown subset and sanitized
// (docs/status-pages.md "Safe Markdown"); these classes give its few tags their look.
const MESSAGE_CLASS =
  'mt-2 space-y-2 text-sm leading-6 text-slate-700 break-words [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.8125rem] [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:list-disc [&_ul]:pl-5';

/** The updates the owner posted, newest first: status, when (in the user's zone), message and impact. */
export function UpdateList({
  updates,
  monitorId,
  monitorName,
}: {
  updates: readonly IncidentUpdate[] | undefined;
  /** The incident's own monitor, listed first in each update's impact. */
  monitorId: string;
  monitorName: (id: string) => string;
}) {
  const shown = newestFirst(updates);
  if (!shown.length) return <p className="text-sm text-slate-600">{UPDATE_TEXT.none}</p>;
  return (
    <ol className="space-y-4" data-testid="incident-updates">
      {shown.map((update) => (
        <li key={update.id} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone={UPDATE_STATUS_TONE[update.status]}>{INCIDENT_UPDATE_STATUS_TEXT[update.status]}</Badge>
            <time dateTime={update.created_at} className="text-xs text-slate-500">
              {formatTimestamp(update.created_at)}
            </time>
          </div>
          <div className={MESSAGE_CLASS} dangerouslySetInnerHTML={{ __html: update.message_html }} />
          {Object.keys(update.impact).length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-2 text-xs text-slate-600" aria-label="Impact">
              {impactEntries(update.impact, monitorId).map(([id, level]) => (
                <li key={id} className="rounded-full bg-slate-100 px-2.5 py-0.5">
                  {monitorName(id)}: {IMPACT_TEXT[level]}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
