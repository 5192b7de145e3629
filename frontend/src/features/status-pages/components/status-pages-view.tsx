import { useState } from 'react';
import type { StatusPageView } from '@shared/status-pages/schemas.js';
import { ButtonLink } from '@/components/ui/button';
import { GlobeIcon, PlusIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useStatusPages } from '../api/get-status-pages';
import { pagesUsedText, STATUS_PAGE_TEXT } from '../texts';
import { DeleteStatusPageDialog } from './delete-status-page-dialog';
import { PageLimitPrompt } from './page-limit-prompt';
import { StatusPageCard } from './status-page-card';
import { useMayCall, useWorkspaceTier } from '@/lib/workspace';

function CreateButton({ className = '' }: { className?: string }) {
  return (
    <ButtonLink to={paths.app.newStatusPage} className={className}>
      <PlusIcon className="size-4" />
      {STATUS_PAGE_TEXT.create}
    </ButtonLink>
  );
}

/**
 * /app/status-pages (docs/status-pages.md "Managing pages"): the account's pages with their public
 * addresses, how many of the plan's pages are used, Create status page (at the cap, the upgrade
 * prompt instead), and an empty state that says what a status page is.
 */
export function StatusPagesView() {
  const { data, error, mutate } = useStatusPages();
  const tier = useWorkspaceTier();
  // A viewer sees the pages and their addresses, without Create, Edit and Delete (docs/teams.md "Choosing a workspace").
  const mayWrite = useMayCall('createStatusPage');
  const [deleting, setDeleting] = useState<StatusPageView | null>(null);
  const atCap = data !== undefined && data.used >= data.limit;
  const empty = data !== undefined && data.status_pages.length === 0;

  return (
    <section className="space-y-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{STATUS_PAGE_TEXT.title}</h1>
          <p className="mt-1 text-sm text-slate-600">{STATUS_PAGE_TEXT.intro}</p>
          {data && (
            <p className="mt-1 text-sm font-medium text-slate-700" data-testid="status-pages-used">
              {pagesUsedText(data.used, data.limit)}
            </p>
          )}
        </div>
        {mayWrite && data && !atCap && !empty && <CreateButton className="self-start md:self-auto" />}
      </header>

      {mayWrite && atCap && <PageLimitPrompt tier={tier} />}

      {error && !data ? (
        <LoadError error={error} fallback={STATUS_PAGE_TEXT.failedToLoad} onRetry={() => void mutate()} />
      ) : !data ? (
        <div className="flex justify-center py-16 text-indigo-600" role="status">
          <Spinner className="size-8" />
          <span className="sr-only">{STATUS_PAGE_TEXT.loading}</span>
        </div>
      ) : empty ? (
        <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-16 text-center" data-testid="status-pages-empty">
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <GlobeIcon className="size-6" />
          </div>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">{STATUS_PAGE_TEXT.emptyTitle}</h2>
          <p className="mx-auto mt-1 max-w-lg text-sm text-slate-600">{STATUS_PAGE_TEXT.emptyExplain}</p>
          {mayWrite && !atCap && <CreateButton className="mt-6" />}
        </div>
      ) : (
        <ul className="space-y-4" aria-label={STATUS_PAGE_TEXT.title}>
          {data.status_pages.map((page) => (
            <StatusPageCard key={page.id} page={page} onDelete={mayWrite ? setDeleting : null} />
          ))}
        </ul>
      )}

      {deleting && <DeleteStatusPageDialog page={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}
