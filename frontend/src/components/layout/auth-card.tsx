import type { ReactNode } from 'react';

/** The centred card the sign-in, registration and e-mail screens sit on. */
export function AuthCard({ title, subtitle, children }: { title?: string | undefined; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl bg-white px-6 py-8 shadow-sm ring-1 ring-slate-200 sm:px-10">
        {title && (
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
