import { hasPager, pageLabel } from '../utils/format';

/** docs/product-rules.md "Pagination": Previous / Next and "Page X of Y", shown only when there is more than one page. */
export function AdminPager({ page, pages, onPageChange }: { page: number; pages: number; onPageChange: (page: number) => void }) {
  if (!hasPager(pages)) return null;
  const step =
    'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3" aria-label="Pagination">
      <button type="button" className={step} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </button>
      <p className="text-sm text-slate-600" aria-live="polite">
        {pageLabel(page, pages)}
      </p>
      <button type="button" className={step} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
