import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router-dom';

export type StatTone = 'indigo' | 'emerald' | 'red' | 'sky';

const CHIP: Record<StatTone, string> = {
  indigo: 'bg-indigo-50 text-indigo-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  red: 'bg-red-50 text-red-600',
  sky: 'bg-sky-50 text-sky-600',
};

interface StatCardProps {
  label: string;
  value: string | number;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: StatTone;
  subtitle?: string | undefined;
  /** Draws the subtitle in amber: something to look at (slow monitors). */
  subtitleTone?: 'amber' | undefined;
  /** Where the card leads (docs/product-rules.md "Dashboard": the monitor cards open the matching monitor list). */
  to?: string;
  /** Draws the value in the tone's colour, for a number that needs attention (offline monitors). */
  emphasize?: boolean;
}

const frame = 'block rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

export function StatCard({ label, value, icon: Icon, tone, subtitle, subtitleTone, to, emphasize = false }: StatCardProps) {
  const body = (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className={`mt-2 text-3xl font-semibold tracking-tight tabular-nums ${emphasize ? 'text-red-600' : 'text-slate-900'}`}>{value}</p>
        {subtitle && (
          <p className={`mt-1 text-xs ${subtitleTone === 'amber' ? 'font-medium text-amber-700' : 'text-slate-500'}`} data-testid="stat-subtitle">
            {subtitle}
          </p>
        )}
      </div>
      <span className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${CHIP[tone]}`} aria-hidden="true">
        <Icon className="size-5" />
      </span>
    </div>
  );
  if (!to) {
    return (
      <div className={frame} data-testid="stat-card">
        {body}
      </div>
    );
  }
  return (
    <Link
      to={to}
      className={`${frame} transition hover:shadow-md hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600`}
      data-testid="stat-card"
    >
      {body}
    </Link>
  );
}
