import type { ComponentType, ReactNode, SVGProps } from 'react';

export type TileTone = 'indigo' | 'emerald' | 'red' | 'sky' | 'amber' | 'slate';

const CHIP: Record<TileTone, string> = {
  indigo: 'bg-indigo-50 text-indigo-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  red: 'bg-red-50 text-red-600',
  sky: 'bg-sky-50 text-sky-600',
  amber: 'bg-amber-50 text-amber-600',
  slate: 'bg-slate-100 text-slate-600',
};

interface StatTileProps {
  label: string;
  value: ReactNode;
  detail?: string;
  /** Spans both columns of the phone grid (a long figure such as revenue in two currencies). */
  wide?: boolean;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  tone?: TileTone;
}

/** One figure of the admin dashboard or the payments summary. */
export function StatTile({ label, value, detail, icon: Icon, tone = 'indigo', wide = false }: StatTileProps) {
  return (
    <div className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${wide ? 'col-span-2 sm:col-span-1' : ''}`} data-testid="stat-tile">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <div className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-3xl">{value}</div>
          {detail && <p className="mt-1 text-xs text-slate-500">{detail}</p>}
        </div>
        {Icon && (
          <span className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${CHIP[tone]}`} aria-hidden="true">
            <Icon className="size-5" />
          </span>
        )}
      </div>
    </div>
  );
}

export function StatTilesSkeleton({ count }: { count: number }) {
  return (
    <div role="status" className="grid animate-pulse grid-cols-2 gap-4 lg:grid-cols-4" data-testid="tiles-skeleton">
      <span className="sr-only">Loading…</span>
      {Array.from({ length: count }, (_, tile) => (
        <div key={tile} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-hidden="true">
          <div className="h-4 w-24 max-w-full rounded-md bg-slate-200" />
          <div className="mt-3 h-8 w-16 rounded-md bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
