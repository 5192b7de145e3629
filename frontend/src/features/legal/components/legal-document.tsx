import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** Shown under the title when the page has a date (docs/product-rules.md "Public pages and policies"). */
  lastUpdated?: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * A policy page: title, date, contents and numbered sections. The pages are kept out of search
 * results (docs/product-rules.md "Public pages and policies"): the noindex meta is written into the
 * prerendered head by the build from the route's page meta, where crawlers read it, not rendered here.
 */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  return (
    <>
      <header className="border-b border-slate-200/70 bg-gradient-to-b from-indigo-50/80 to-white">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6 sm:pt-16">
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">Legal</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
          {lastUpdated && <p className="mt-3 text-sm text-slate-500">Last updated: {lastUpdated}</p>}
        </div>
      </header>
      <div className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:gap-16">
          <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
            <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
            <ol className="mt-3 space-y-1.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="flex gap-2 text-slate-600 hover:text-indigo-600">
                    <span className="w-5 shrink-0 text-right text-slate-500 tabular-nums">{index + 1}.</span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="max-w-3xl min-w-0 text-[15px] leading-7 text-slate-600">
            <div className="space-y-4 text-base text-slate-700">{intro}</div>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24">
                <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight text-slate-900">
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-3 space-y-3 [&_a]:font-medium [&_a]:text-indigo-600 [&_a:hover]:text-indigo-500 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-slate-800 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
                  {section.body}
                </div>
              </section>
            ))}
            <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-500">
              Questions about this policy?{' '}
              <Link to={paths.contact} className="font-medium text-indigo-600 hover:text-indigo-500">
                Contact us
              </Link>{' '}
              and we will answer.
            </p>
          </article>
        </div>
      </div>
    </>
  );
}
