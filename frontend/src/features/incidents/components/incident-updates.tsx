import { useId } from 'react';
import type { Incident } from '@shared/incidents/schemas.js';
import { useMonitorChoices } from '../api/get-monitor-choices';
import { UPDATE_TEXT } from '../texts';
import { UpdateForm } from './update-form';
import { UpdateList } from './update-list';
import { useMayCall } from '@/lib/workspace';

/**
 * The incident page's "Updates" (docs/status-pages.md "Incident updates"): what the owner has told
 * their users, and the form to tell them more.
 */
export function IncidentUpdates({ incident }: { incident: Incident }) {
  const headingId = useId();
  // A viewer reads the updates; only a member or higher posts one (docs/teams.md "Choosing a workspace").
  const mayPost = useMayCall('postIncidentUpdate');
  const { data: monitors = [] } = useMonitorChoices();
  const monitorName = (id: string): string =>
    id === incident.monitor_id ? incident.monitor_name : (monitors.find((monitor) => monitor.id === id)?.name ?? UPDATE_TEXT.anotherMonitor);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {UPDATE_TEXT.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{UPDATE_TEXT.intro}</p>
      </div>
      <UpdateList updates={incident.updates} monitorId={incident.monitor_id} monitorName={monitorName} />
      {mayPost && <UpdateForm key={incident.id} incident={incident} monitors={monitors} monitorName={monitorName} />}
    </section>
  );
}
