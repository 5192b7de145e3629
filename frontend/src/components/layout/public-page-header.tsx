import type { ReactNode } from 'react';

/** The opening band of a public page below the landing: an eyebrow, the page's h1 and a lead. */
export function PublicPageHeader({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="border-b border-slate-200/70 bg-gradient-to-b from-indigo-50/80 to-white">
      <div className="mx-auto max-w-4xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-20">
        <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
        <div className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-600">{lead}</div>
        {children}
      </div>
    </section>
  );
}

/** A section's centred heading and lead on the public pages. */
export function SectionHeading({ id, title, lead }: { id?: string; title: string; lead?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-slate-900">
        {title}
      </h2>
      {lead && <p className="mt-4 text-pretty text-slate-600">{lead}</p>}
    </div>
  );
}
