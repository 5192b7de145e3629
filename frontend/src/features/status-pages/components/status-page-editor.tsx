import { Link, Navigate } from 'react-router-dom';
import { mayCall } from '@shared/workspaces/may-call.js';
import { ButtonLink } from '@/components/ui/button';
import { GlobeIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useWorkspaceRole } from '@/lib/workspace';
import { paths } from '@/config/paths';
import { useStatusPage } from '../api/get-status-page';
import { STATUS_PAGE_TEXT } from '../texts';
import { StatusPageForm } from './status-page-form';
import { SubscribersSection } from './subscribers-section';

function BackToStatusPages() {
  return (
    <Link
      to={paths.app.statusPages}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span aria-hidden="true">←</span> {STATUS_PAGE_TEXT.allPages}
    </Link>
  );
}

/**
 * Whether the page form is out of reach for the role on screen: a viewer who follows a link here goes
 * back to the list (docs/teams.md "Choosing a workspace"). While the role is not known the form shows.
 */
const useFormRefused = (): boolean => {
  const role = useWorkspaceRole();
  return role !== null && !mayCall('updateStatusPage', role);
};

/** /app/status-pages/new: the form of a new page (docs/status-pages.md "Managing pages"). */
export function NewStatusPageView() {
  if (useFormRefused()) return <Navigate to={paths.app.statusPages} replace />;
  return (
    <section className="space-y-6">
      <BackToStatusPages />
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{STATUS_PAGE_TEXT.create}</h1>
      <StatusPageForm page={null} />
    </section>
  );
}

/**
 * /app/status-pages/:id: one page's form and, below it, its subscribers, once it is loaded; another
 * account's page, or none, is "not found".
 */
export function EditStatusPageView({ id }: { id: string }) {
  const { data, error, mutate } = useStatusPage(id);
  const refused = useFormRefused();

  if (refused) return <Navigate to={paths.app.statusPages} replace />;

  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <title>{`${STATUS_PAGE_TEXT.notFoundTitle} · Upwatch`}</title>
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <GlobeIcon className="size-6" />
        </div>
        <h1 className="mt-4 text-lg font-semibold text-slate-900">{STATUS_PAGE_TEXT.notFoundTitle}</h1>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{STATUS_PAGE_TEXT.notFoundText}</p>
        <ButtonLink to={paths.app.statusPages} className="mt-6">
          {STATUS_PAGE_TEXT.allPages}
        </ButtonLink>
      </div>
    );
  }
  return (
    <section className="space-y-6">
      <title>{data ? `${data.name} · Status pages · Upwatch` : 'Status page · Upwatch'}</title>
      <BackToStatusPages />
      <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{data ? data.name : STATUS_PAGE_TEXT.edit}</h1>
      {error && !data ? (
        <LoadError error={error} fallback={STATUS_PAGE_TEXT.failedToLoadPage} onRetry={() => void mutate()} />
      ) : !data ? (
        <div className="flex justify-center py-16 text-indigo-600" role="status">
          <Spinner className="size-8" />
          <span className="sr-only">{STATUS_PAGE_TEXT.loadingPage}</span>
        </div>
      ) : (
        // Keyed by the page: the form takes its values once, from the page as loaded.
        <StatusPageForm key={data.id} page={data} />
      )}
      {data && <SubscribersSection page={data} />}
    </section>
  );
}
