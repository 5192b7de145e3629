import type { ReactNode } from 'react';

/**
 * One labelled value of a description list (<dl>): the monitor detail's target and certificate
 * panels. `className` places the row in its grid (e.g. `col-span-2`); `valueClassName` colours or
 * wraps the value (default: dark text, long words broken anywhere, as URLs and host names need).
 */
export function Fact({
  label,
  children,
  className,
  valueClassName = 'break-all text-slate-900',
}: {
  label: string;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`mt-0.5 font-medium ${valueClassName}`}>{children}</dd>
    </div>
  );
}
