// docs/product-rules.md "Dashboard": a loading skeleton in the shape of the dashboard while the figures load.
const block = 'rounded-md bg-slate-200';

export function StatCardsSkeleton() {
  return (
    <div role="status" className="grid animate-pulse grid-cols-2 gap-4 lg:grid-cols-4" data-testid="dashboard-skeleton">
      <span className="sr-only">Loading dashboard…</span>
      {[0, 1, 2, 3].map((card) => (
        <div key={card} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-hidden="true">
          <div className={`h-4 w-24 max-w-full ${block}`} />
          <div className={`mt-3 h-8 w-16 ${block}`} />
        </div>
      ))}
    </div>
  );
}

export function RecentIncidentsSkeleton() {
  return (
    <div className="animate-pulse rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-hidden="true">
      <div className={`h-5 w-40 ${block}`} />
      {[0, 1, 2].map((row) => (
        <div key={row} className="mt-5 flex items-center gap-3">
          <div className="size-8 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className={`h-3.5 w-1/3 ${block}`} />
            <div className={`h-3 w-2/3 ${block}`} />
          </div>
        </div>
      ))}
    </div>
  );
}
