import type { ReactNode } from 'react';

/**
 * A page this release does not build yet: its heading and one honest sentence on what it will hold.
 * No placeholder data.
 */
export function PageShell({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 max-w-2xl text-slate-600">{description}</p>
      </header>
      {children}
    </section>
  );
}
