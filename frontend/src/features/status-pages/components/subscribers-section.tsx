import { useEffect, useRef, useState } from 'react';
import type { StatusPageView } from '@shared/status-pages/schemas.js';
import type { SubscriberView } from '@shared/status-pages/subscribers.js';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DownloadIcon, MailIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/utils/time';
import { exportSubscribers } from '../api/export-subscribers';
import { useSubscribers } from '../api/get-subscribers';
import {
  removedComponentsText,
  subscriberCountsText,
  subscriberRemovedText,
  subscribersExportedText,
  subscriberSinceText,
  SUBSCRIBERS_TEXT,
} from '../texts';
import { FormSection } from './form-section';
import { RemoveSubscriberDialog } from './remove-subscriber-dialog';

/** What a subscriber follows, in the page's own words: "Whole page", or the components' public names. */
export const followsText = (subscriber: Pick<SubscriberView, 'component_ids'>, page: Pick<StatusPageView, 'components'>): string => {
  if (subscriber.component_ids.length === 0) return SUBSCRIBERS_TEXT.wholePage;
  const names = new Map(page.components.map((component) => [component.id, component.display_name]));
  const known = subscriber.component_ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : []));
  const gone = subscriber.component_ids.length - known.length;
  return [...known, ...(gone ? [removedComponentsText(gone)] : [])].join(', ');
};

function SubscriberRow({ subscriber, page, onRemove }: { subscriber: SubscriberView; page: StatusPageView; onRemove: () => void }) {
  const confirmed = subscriber.status === 'confirmed';
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="subscriber-row">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-slate-900">{subscriber.email}</span>
          <Badge tone={confirmed ? 'emerald' : 'amber'} dot>
            {confirmed ? SUBSCRIBERS_TEXT.confirmed : SUBSCRIBERS_TEXT.pending}
          </Badge>
        </p>
        <p className="text-sm text-slate-600">
          {SUBSCRIBERS_TEXT.follows}: {followsText(subscriber, page)}
        </p>
        <p className="text-xs text-slate-500">{subscriberSinceText(formatDate(subscriber.confirmed_at ?? subscriber.created_at))}</p>
      </div>
      <Button variant="secondary" size="sm" className="self-start sm:self-center" onClick={onRemove} aria-label={`${SUBSCRIBERS_TEXT.remove} ${subscriber.email}`}>
        {SUBSCRIBERS_TEXT.remove}
      </Button>
    </li>
  );
}

function EmptySubscribers({ page }: { page: StatusPageView }) {
  return (
    <div className="rounded-lg border-2 border-dashed border-slate-300 px-5 py-8 text-center" data-testid="subscribers-empty">
      <div className="mx-auto flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <MailIcon className="size-5" />
      </div>
      <h3 className="mt-3 font-semibold text-slate-900">{SUBSCRIBERS_TEXT.emptyTitle}</h3>
      <p className="mx-auto mt-1 max-w-lg text-sm text-slate-600">{SUBSCRIBERS_TEXT.emptyText}</p>
      <a
        href={page.url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-block rounded text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {SUBSCRIBERS_TEXT.openPage}
      </a>
    </div>
  );
}

/**
 * The page's subscribers, on its screen in the app (docs/status-pages.md "Subscribers"): how many
 * are confirmed and pending, the list newest first with "Load more", each row's address, status,
 * what it follows and since when; Export CSV, and Remove behind a confirmation.
 */
export function SubscribersSection({ page }: { page: StatusPageView }) {
  const { data, error, size, setSize, mutate, isValidating } = useSubscribers(page.id);
  const [exporting, setExporting] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [removing, setRemoving] = useState<SubscriberView | null>(null);
  // After a removal the row's button is gone: focus moves to the section's body, which says so.
  const body = useRef<HTMLDivElement>(null);
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    if (removals > 0) body.current?.focus();
  }, [removals]);

  const first = data?.[0];
  const subscribers = data?.flatMap((list) => list.subscribers) ?? [];
  const last = data?.[data.length - 1];
  const loadingMore = size > (data?.length ?? 0) && isValidating;

  const runExport = async () => {
    setExporting(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: subscribersExportedText(await exportSubscribers(page)) });
    } catch (cause) {
      setOutcome({ tone: 'error', text: errorMessage(cause, SUBSCRIBERS_TEXT.failedToExport) });
    } finally {
      setExporting(false);
    }
  };

  const outcomeAlert = outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>;
  const content =
    !data && error ? (
      <LoadError error={error} fallback={SUBSCRIBERS_TEXT.failedToLoad} onRetry={() => void mutate()} />
    ) : !first ? (
      <div className="flex justify-center py-6 text-indigo-600" role="status">
        <Spinner className="size-6" />
        <span className="sr-only">{SUBSCRIBERS_TEXT.loading}</span>
      </div>
    ) : first.confirmed + first.pending === 0 && subscribers.length === 0 ? (
      <>
        {outcomeAlert}
        <EmptySubscribers page={page} />
      </>
    ) : (
      <>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-medium text-slate-700" data-testid="subscriber-counts">
            {subscriberCountsText(first.confirmed, first.pending)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void runExport()} loading={exporting} disabled={exporting}>
            {!exporting && <DownloadIcon className="size-4" />}
            {SUBSCRIBERS_TEXT.exportCsv}
          </Button>
        </div>
        {outcomeAlert}
        <ul className="divide-y divide-slate-200 border-y border-slate-200" aria-label={SUBSCRIBERS_TEXT.title}>
          {subscribers.map((subscriber) => (
            <SubscriberRow key={subscriber.id} subscriber={subscriber} page={page} onRemove={() => setRemoving(subscriber)} />
          ))}
        </ul>
        {error && <Alert>{errorMessage(error, SUBSCRIBERS_TEXT.failedToLoadMore)}</Alert>}
        {last?.next_cursor && (
          <div className="flex justify-center">
            <Button variant="secondary" size="sm" onClick={() => void setSize(size + 1)} loading={loadingMore} disabled={loadingMore}>
              {SUBSCRIBERS_TEXT.loadMore}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <FormSection title={SUBSCRIBERS_TEXT.title} description={SUBSCRIBERS_TEXT.description}>
      <div ref={body} tabIndex={-1} className="space-y-5 outline-none">
        {content}
      </div>
      {removing && (
        <RemoveSubscriberDialog
          pageId={page.id}
          subscriber={removing}
          onRemoved={async () => {
            await mutate();
            setOutcome({ tone: 'success', text: subscriberRemovedText(removing.email) });
            setRemoving(null);
            setRemovals((count) => count + 1);
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </FormSection>
  );
}
