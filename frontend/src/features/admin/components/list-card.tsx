import type { ReactNode } from 'react';

/** The white frame of an admin list: its table (scrolling sideways on a phone) and its pager. */
export function ListCard({ children }: { children: ReactNode }) {
  return <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">{children}</div>;
}

export const TABLE = 'min-w-full divide-y divide-slate-200 text-left text-sm';
export const TH = 'whitespace-nowrap bg-slate-50 px-3 py-3 text-xs font-semibold tracking-wide text-slate-500 uppercase first:pl-4 last:pr-4';
export const TD = 'px-3 py-3 align-top text-slate-700 first:pl-4 last:pr-4';

/** A table that scrolls inside its card when the screen is narrower than its columns. */
export function ScrollTable({ label, head, children }: { label: string; head: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className={TABLE} aria-label={label}>
        <thead>
          <tr>
            {head.map((column) => (
              <th key={column} scope="col" className={TH}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/** The heading of an admin screen, with its count or actions on the right. */
export function ScreenHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </header>
  );
}

/** Label and value pairs in a detail modal. */
export function DetailList({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-0.5 text-sm break-words text-slate-900">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
