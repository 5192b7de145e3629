import type { ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Questions that open in place: native <details>, so the keyboard and screen readers need nothing extra. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => (
        <details key={item.question} className="group px-5 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDownIcon className="size-5 shrink-0 text-slate-400 transition group-open:rotate-180" />
          </summary>
          <div className="pb-5 text-sm leading-6 text-slate-600">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
