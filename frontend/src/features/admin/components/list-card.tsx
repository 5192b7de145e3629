import type { ReactNode } from 'react';

/** The white frame of an admin list: its table (stacked rows on a phone) and its pager. */
export function ListCard({ children }: { children: ReactNode }) {
  return <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">{children}</div>;
}

/*
 * Below the `sm` breakpoint (a phone) an admin list is not a table that scrolls sideways: each row
 * is a block, its first cell (who or what the row is) on top, then one line per other cell with
 * its column's name before it (`data-label`, set by `Cell`), the header kept for screen readers
 * only. From `sm` up it is the usual table (docs/admin-panel.md "Narrow screens").
 */
export const TABLE = 'min-w-full divide-y divide-slate-200 text-left text-sm max-sm:block';
export const TH = 'whitespace-nowrap bg-slate-50 px-3 py-3 text-xs font-semibold tracking-wide text-slate-500 uppercase first:pl-4 last:pr-4';
const PHONE_CELL =
  'max-sm:flex max-sm:items-baseline max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:first:pl-0 max-sm:last:pr-0 max-sm:first:pb-2 ' +
  'max-sm:[overflow-wrap:anywhere] max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-medium ' +
  'max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)] max-sm:first:before:hidden';
export const TD = `px-3 py-3 align-top text-slate-700 first:pl-4 last:pr-4 ${PHONE_CELL}`;

/**
 * A cell of an admin list; on a phone `label` (its column's name) stands before its value, which
 * keeps its own lines (a name over an e-mail) in one box beside the label.
 */
export function Cell({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={`${TD} ${className}`}>
      <div className="max-sm:min-w-0 max-sm:flex-1">{children}</div>
    </td>
  );
}

/** An admin list: a table from `sm` up (scrolling inside its card if still too narrow), stacked rows on a phone. */
export function ListTable({ label, head, children }: { label: string; head: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className={TABLE} aria-label={label}>
        <thead className="max-sm:sr-only">
          <tr>
            {head.map((column) => (
              <th key={column} scope="col" className={TH}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white max-sm:block max-sm:[&>tr]:block max-sm:[&>tr]:px-4 max-sm:[&>tr]:py-3">{children}</tbody>
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
