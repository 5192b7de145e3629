import type { StatusPageView } from '@shared/status-pages/schemas.js';
import { Button, ButtonLink } from '@/components/ui/button';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { componentsCountText } from '../texts';
import { CopyButton } from './copy-button';

/**
 * One page in the list: its name, its public address (opens in a new tab, with Copy), how many
 * components, Edit and Delete (without `onDelete`, for a viewer, neither).
 */
export function StatusPageCard({ page, onDelete }: { page: StatusPageView; onDelete: ((page: StatusPageView) => void) | null }) {
  return (
    <li className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="status-page-card">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <h2 className="text-lg font-semibold break-words text-slate-900">{page.name}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={page.url}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 rounded text-sm font-medium break-all text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {page.url}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <CopyButton text={page.url} label={`Copy the address of ${page.name}`} />
          </div>
          <p className="text-sm text-slate-600">{componentsCountText(page.components.length)}</p>
        </div>
        {onDelete && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <ButtonLink variant="secondary" size="sm" to={paths.app.statusPage(page.id)} aria-label={`Edit ${page.name}`}>
              <PencilIcon className="size-4" />
              Edit
            </ButtonLink>
            <Button variant="danger" size="sm" onClick={() => onDelete(page)} aria-label={`Delete ${page.name}`}>
              <TrashIcon className="size-4" />
              Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
