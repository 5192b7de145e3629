import { useId, type ReactNode } from 'react';

interface SettingsCardProps {
  title: string;
  description?: ReactNode;
  /** `danger` for the Danger Zone. */
  tone?: 'default' | 'danger';
  /** Buttons or a badge beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** One panel of a settings section: a titled white card, labelled by its heading for screen readers. */
export function SettingsCard({ title, description, tone = 'default', actions, children }: SettingsCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${tone === 'danger' ? 'ring-red-200' : 'ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className={`font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-slate-900'}`}>
            {title}
          </h3>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children && <div className="mt-5">{children}</div>}
    </section>
  );
}

/** The heading of the section shown on the right of the settings sidebar. */
export function SectionHeader({ title, description }: { title: string; description: string }) {
  return (
    <header>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
    </header>
  );
}

/** A quiet loading placeholder for a card's body. */
export function LoadingLines({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={`h-4 animate-pulse rounded bg-slate-100 ${i % 2 ? 'w-2/3' : 'w-full'}`} aria-hidden="true" />
      ))}
    </div>
  );
}
