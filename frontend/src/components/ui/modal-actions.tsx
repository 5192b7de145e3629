import type { ReactNode } from 'react';

/**
 * The buttons at the foot of a dialog. Sticky, so on a narrow screen they stay in view while a long
 * body (plans, format rules, upload results, a form) scrolls under them; the negative margins reach
 * the edges of the Modal's padded, scrolling body.
 */
export function ModalActions({ children }: { children: ReactNode }) {
  return (
    <div className="sticky -bottom-5 z-10 -mx-6 -mb-5 flex flex-col-reverse gap-3 border-t border-slate-100 bg-white px-6 py-4 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}
