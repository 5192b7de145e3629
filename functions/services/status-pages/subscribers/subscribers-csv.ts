import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import type { StoredSubscriber } from '../../../repositories/status-subscriber-repository.js';

/** The export's columns (docs/status-pages.md "Subscribers"). */
export const SUBSCRIBER_CSV_COLUMNS = ['email', 'status', 'components', 'created_at', 'confirmed_at'] as const;

/** What the components cell says for a subscriber of the whole page. */
export const WHOLE_PAGE_CELL = 'Whole page';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, so an address typed by a stranger cannot run in the owner's spreadsheet.
 */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The subscribers as a CSV document, a header row first, lines ending in CRLF; components by their public names. */
export const subscribersCsv = (page: Pick<StoredStatusPage, 'components'>, subscribers: readonly StoredSubscriber[]): string => {
  const names = new Map(page.components.map((component) => [component.id, component.display_name]));
  const rows = subscribers.map((subscriber) => [
    subscriber.email,
    subscriber.status,
    subscriber.componentIds.length ? subscriber.componentIds.map((id) => names.get(id) ?? id).join('; ') : WHOLE_PAGE_CELL,
    subscriber.createdAt,
    subscriber.confirmedAt ?? '',
  ]);
  return [[...SUBSCRIBER_CSV_COLUMNS], ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
};
