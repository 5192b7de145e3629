import type { MaintenanceMode } from '../../../shared/maintenance/windows.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { brandedEmail, formatEmailTime } from '../email-layout.js';

/**
 * The owner's maintenance mails (docs/maintenance.md "Mails to the owner"): one when a window is
 * scheduled, one each time its times are edited, one when an occurrence starts, one when it ends, sent only while the owner keeps
 * `maintenance_alerts` on. Times are in the owner's saved timezone (the window's own zone when they
 * saved none), so the mail reads like their clock.
 */
export type MaintenanceMailKind = 'scheduled' | 'rescheduled' | 'started' | 'ended';

export interface MaintenanceMailInput {
  kind: MaintenanceMailKind;
  to: string;
  /** The owner's saved timezone; null: the window's zone. */
  timezone: string | null;
  window: { id: string; title: string; timezone: string; mode: MaintenanceMode; rrule: string | null };
  /** The occurrence the mail is about (scheduled: the next one), ISO UTC. */
  occurrence: { starts_at: string; ends_at: string };
  monitorNames: readonly string[];
  /** The status page a window set on a whole page covers (its monitors are then that page's now); null otherwise. */
  statusPageName?: string | null;
  appUrl: string;
}

const WHAT_HAPPENS: Record<MaintenanceMode, string> = {
  mute_alerts: 'Checks go on, but no alerts are sent for these monitors, and the time is left out of their uptime.',
  pause_checks: 'Checks of these monitors pause, and the time is left out of their uptime.',
};

const HEADINGS: Record<MaintenanceMailKind, (title: string) => string> = {
  scheduled: (title) => `Maintenance scheduled: ${title}`,
  rescheduled: (title) => `Maintenance rescheduled: ${title}`,
  started: (title) => `Maintenance started: ${title}`,
  ended: (title) => `Maintenance ended: ${title}`,
};

const opening = (input: MaintenanceMailInput, from: string, until: string): string[] => {
  switch (input.kind) {
    case 'scheduled':
      return [
        `You scheduled maintenance from ${from} to ${until}${input.window.rrule ? ', and again as it repeats' : ''}.`,
        `While it runs: ${WHAT_HAPPENS[input.window.mode]}`,
      ];
    case 'rescheduled':
      return [
        `You changed the times of this maintenance: it now runs from ${from} to ${until}${input.window.rrule ? ', and again as it repeats' : ''}.`,
        `While it runs: ${WHAT_HAPPENS[input.window.mode]}`,
      ];
    case 'started':
      return [`Maintenance has started and runs until ${until}.`, WHAT_HAPPENS[input.window.mode]];
    case 'ended':
      return [
        'Maintenance is over and alerts are back on.',
        input.window.mode === 'pause_checks'
          ? 'Checks have started again; a monitor that is down now alerts you as usual.'
          : 'If a monitor is still down now, you get one alert for it.',
      ];
  }
};

/** One maintenance mail, as text and HTML. */
export const maintenanceEmail = (input: MaintenanceMailInput): OutgoingEmail => {
  const zone = input.timezone || input.window.timezone;
  const from = formatEmailTime(input.occurrence.starts_at, zone);
  const until = formatEmailTime(input.occurrence.ends_at, zone);
  return brandedEmail({
    to: input.to,
    subject: HEADINGS[input.kind](input.window.title),
    heading: HEADINGS[input.kind](input.window.title),
    tone: input.kind === 'ended' ? 'ok' : 'warning',
    paragraphs: opening(input, from, until),
    details: [
      ['Starts', from],
      ['Ends', until],
      ...(input.statusPageName ? [['Status page', input.statusPageName] as [string, string]] : []),
      ['Monitors', input.monitorNames.length ? input.monitorNames.join(', ') : 'None'],
    ],
    action: { label: 'See maintenance', url: `${input.appUrl}/app/maintenance` },
    footer: 'You get these mails because Maintenance Alerts is on in Settings.',
  });
};
