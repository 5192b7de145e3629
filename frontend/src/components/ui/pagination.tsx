import { pageItems, resultRange } from '../../utils/pagination';

interface PaginationProps {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** Hidden when there is one page or fewer (docs/product-rules.md "Pagination"). */
export function Pagination({ page, pages, total, pageSize, onPageChange }: PaginationProps) {
  if (pages <= 1) return null;
  const { from, to } = resultRange(page, pageSize, total);
  const step = 'rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 ring-inset disabled:opacity-50';
  return (
    <nav className="flex flex-col items-center justify-between gap-3 sm:flex-row" aria-label="Pagination">
      <p className="text-sm text-slate-600">
        Showing <span className="font-medium">{from}</span> to <span className="font-medium">{to}</span> of{' '}
        <span className="font-medium">{total}</span> results
      </p>
      <div className="flex items-center gap-1">
        <button type="button" className={`${step} bg-white text-slate-700 hover:bg-slate-50`} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </button>
        {pageItems(page, pages).map((item) =>
          typeof item === 'number' ? (
            <button
              key={item}
              type="button"
              aria-current={item === page ? 'page' : undefined}
              className={`min-w-9 rounded-lg px-2.5 py-1.5 text-sm font-medium ${item === page ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              onClick={() => onPageChange(item)}
            >
              {item}
            </button>
          ) : (
            <span key={item} className="px-1.5 text-slate-500">
              …
            </span>
          ),
        )}
        <button type="button" className={`${step} bg-white text-slate-700 hover:bg-slate-50`} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
