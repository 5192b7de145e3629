import type { IncidentCategory, IncidentDetails } from '../../checks/incident-details.js';

/**
 * What a type's incidents and alert mails are called, and say, when a monitor of the type goes
 * down and comes back (shared/checks/incident-details.ts, functions/services/alerts/alert-email.ts).
 * Every type fills it (contract.ts `wording`); the types that watch a website or a server (http,
 * tcp, dns) share WEBSITE_WORDING, the product's own words (docs/product-rules.md "Incidents and
 * their texts"). Slow incidents and certificate alerts are the same for every type.
 */
export interface IncidentWording {
  /** The title of a down incident, and the subject of its mail, by the failure's category. */
  downTitle(errorCategory: IncidentCategory | null): string;
  /** The heading of a down mail, for the monitor's name. */
  downHeading(monitor: string, errorCategory: IncidentCategory | null): string;
  /** The title of a recovery, and the subject of its mail. */
  upTitle: string;
  /** The heading of a recovery mail, for the monitor's name. */
  upHeading(monitor: string): string;
  /** The recovery mail's label of the time the monitor came back. */
  upAtLabel: string;
  /**
   * A recovery's message and details: `downFor` is how long the monitor was down in words (null
   * when the start of the outage is unknown), `responseTime` the recovering round's, in seconds.
   */
  recovered(input: { downFor: string | null; statusCode: number | null; responseTime: number | null }): { message: string; details: IncidentDetails };
}

/** The product's words for a website (a TCP port or a DNS record being "down" reads well enough). */
export const WEBSITE_WORDING: IncidentWording = {
  downTitle: () => 'Website Down',
  downHeading: (monitor) => `${monitor} is down`,
  upTitle: 'Website Recovered',
  upHeading: (monitor) => `${monitor} is back up`,
  upAtLabel: 'Recovered at',
  recovered: ({ downFor, statusCode, responseTime }) => ({
    message: downFor ? `Your website is back up after ${downFor} of downtime.` : 'Your website is back up.',
    details: {
      user_impact: 'LOW',
      impact_description: 'Visitors can reach your site again.',
      explanation: downFor
        ? `Your site is answering normally again after being down for ${downFor}.`
        : 'Your site is answering normally again.',
      error_category: null,
      recommended_action:
        "Nothing to do right now. It is worth finding out what caused the outage so it doesn't happen again.",
      status_code: statusCode,
      response_time: responseTime,
      user_accessible: true,
    },
  }),
};
