import type { IncidentCategory, IncidentDetails } from '../../checks/incident-details.js';
import type { ErrorCategory } from '../../checks/check-result.js';
import type { FailureText } from '../../checks/failure-texts.js';

/**
 * What a type's incidents, alerts and their explanations are called, and say (shared/checks/
 * incident-details.ts, shared/checks/failure-texts.ts, functions/services/alerts/): a website's
 * speak of the site and its visitors (WEBSITE_WORDING, the product's own words, docs/product-rules.md
 * "Incidents and their texts"); a TCP port's of the port and the programs that connect to it; a DNS
 * record's of the record and who looks it up; a heartbeat's of the job (docs/checks.md "What each
 * type's texts speak of"). Every type fills it (contract.ts `wording`).
 */
export interface IncidentWording {
  /** The title of a down incident, and the subject of its mail, by the failure's category. */
  downTitle(errorCategory: IncidentCategory | null): string;
  /** The heading of a down mail, for the monitor's name. */
  downHeading(monitor: string, errorCategory: IncidentCategory | null): string;
  /** A down incident's one-line message, from its failure text's `reason` (when the text has no `message`). */
  downMessage(reason: string): string;
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
  /**
   * The texts of the shared error categories (network, timeout, ...) in this type's words; a
   * category the type can meet but has no text for here reads as its `unknown` (a website's texts
   * stay the product's own). Categories a type defines itself keep their texts (`failureTexts`).
   */
  categoryTexts: { [Category in ErrorCategory]?: FailureText };
  /** A slow spell's words; null for a type that is never slow (a heartbeat has no response time). */
  slow: SlowWording | null;
  /** The incident card's marker of `user_accessible`. */
  access: { yes: string; no: string };
  /**
   * The monitor's address as alert mails and chat messages show it (label and value), from its
   * stored `url`; null when it has none worth showing (a heartbeat's `heartbeat://` id is internal).
   */
  address(url: string): { label: string; value: string } | null;
}

/** A slow incident's words: `took` and `limit` are durations in words ("3.2 seconds"). */
export interface SlowWording {
  message(took: string, limit: string): string;
  impact(took: string, verySlow: boolean): string;
  explanation(limit: string): string;
  recommendedAction: string;
  /** The alert when the spell ends, `lasted` in words. */
  resolved(lasted: string): string;
}

/** A website's slow spell: pages and visitors (the product's own words). */
export const WEBSITE_SLOW_WORDING: SlowWording = {
  message: (took, limit) => `Your website is responding slowly: pages take about ${took} (your limit is ${limit}).`,
  impact: (took, verySlow) =>
    verySlow
      ? `Your site is very slow: visitors wait about ${took} for a page, and many give up before it loads.`
      : `Your site is slower than it should be: visitors wait about ${took} for a page.`,
  explanation: (limit) =>
    `Several checks in a row took longer than this monitor's limit of ${limit}. The site still works, but slow pages lose visitors and search ranking.`,
  recommendedAction:
    'Check whether your server is short of memory or processing power, or whether traffic has jumped. Slow database queries, large images and outside scripts are common causes; caching or a CDN often helps.',
  resolved: (lasted) => `Your website is responding at normal speed again after being slow for ${lasted}.`,
};

/** The product's words for a website. */
export const WEBSITE_WORDING: IncidentWording = {
  downTitle: () => 'Website Down',
  downHeading: (monitor) => `${monitor} is down`,
  downMessage: (reason) => `Your website is down: ${reason}.`,
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
  // The product's texts of every category (failure-texts.ts) are a website's.
  categoryTexts: {},
  slow: WEBSITE_SLOW_WORDING,
  access: { yes: 'Site accessible', no: 'Site inaccessible' },
  address: (url) => ({ label: 'URL', value: url }),
};

/** A target written as `scheme://rest` without its scheme: what a person reads as its address. */
export const addressAfterScheme = (url: string): string => url.replace(/^[a-z]+:\/\//i, '');
