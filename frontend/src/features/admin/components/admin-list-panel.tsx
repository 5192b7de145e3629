import type { ReactNode } from 'react';
import { usePageInRange } from '../hooks/use-page-in-range';
import { adminErrorMessage } from '../utils/errors';
import { AdminPager } from './admin-pager';
import { ErrorBanner } from './error-banner';
import { ListCard } from './list-card';
import { TableSkeleton } from './table-skeleton';

interface AdminListPanelProps<D extends { pages: number }> {
  /** What the list's hook answered (api/lists.ts): the page on screen, the load's error, whether it is loading. */
  data: D | undefined;
  error: unknown;
  isLoading: boolean;
  /** docs/product-rules.md "Error catalogue": the screen's fallback when the server sent no detail ("Failed to fetch users"). */
  failedText: string;
  page: number;
  onPageChange: (page: number) => void;
  /** The skeleton's columns and what a screen reader hears while the first page loads. */
  skeletonColumns: number;
  loadingLabel: string;
  /** Banners of the screen's own actions (a failed upgrade, a notice), under the list's error. */
  notices?: ReactNode;
  /** The table of the page on screen. */
  children: (data: D) => ReactNode;
}

/**
 * What every admin list shares below its filters (docs/admin-panel.md): the dismissible red banner
 * of a failed load, the 10-row skeleton while the first page loads, the table, the pager, and the
 * step back to the last page when the list shrank under the operator.
 */
export function AdminListPanel<D extends { pages: number }>({
  data,
  error,
  isLoading,
  failedText,
  page,
  onPageChange,
  skeletonColumns,
  loadingLabel,
  notices,
  children,
}: AdminListPanelProps<D>) {
  usePageInRange(page, data?.pages, onPageChange);
  return (
    <>
      {error ? <ErrorBanner message={adminErrorMessage(error, failedText)} error={error} /> : null}
      {notices}
      <ListCard>
        {data ? (
          <>
            {children(data)}
            <AdminPager page={page} pages={data.pages} onPageChange={onPageChange} />
          </>
        ) : (
          (isLoading || !error) && <TableSkeleton columns={skeletonColumns} label={loadingLabel} />
        )}
      </ListCard>
    </>
  );
}
