/** docs/product-rules.md "Operator panel": the admin lists' loading skeleton shows 10 rows. */
export const SKELETON_ROWS = 10;

export function TableSkeleton({ columns, label }: { columns: number; label: string }) {
  return (
    <div role="status" className="animate-pulse divide-y divide-slate-100" data-testid="table-skeleton">
      <span className="sr-only">{label}</span>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <div key={row} className="flex items-center gap-4 px-4 py-3.5" aria-hidden="true" data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, column) => (
            <div key={column} className={`h-4 rounded-md bg-slate-200 ${column === 0 ? 'w-1/3' : 'flex-1'}`} />
          ))}
        </div>
      ))}
    </div>
  );
}
