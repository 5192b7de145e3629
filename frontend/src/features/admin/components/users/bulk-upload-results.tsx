import { useEffect, useRef } from 'react';
import { countOf } from '@shared/texts.js';
import { CreatedMonitorList, UploadTotals } from '@/components/ui/csv-upload';
import { XCircleIcon } from '@/components/ui/icons';
import type { GlobalBulkUploadResult, SingleUserBulkUploadResult } from '../../types';
import { visibleErrors } from '../../utils/bulk-upload';

function ErrorLines({ errors, label }: { errors: readonly string[]; label: string }) {
  const { shown, more } = visibleErrors(errors);
  if (errors.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 rounded-md bg-red-50 p-2.5 text-xs text-red-800" aria-label={label}>
      {shown.map((error, index) => (
        <li key={index} className="flex gap-1.5">
          <XCircleIcon className="size-3.5 shrink-0 text-red-600" />
          <span className="min-w-0 break-words">{error}</span>
        </li>
      ))}
      {more > 0 && <li className="pl-5 font-medium">and {countOf(more, 'more error')}</li>}
    </ul>
  );
}

const Heading = ({ children }: { children: string }) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
      {children}
    </h3>
  );
};

/** The global upload result (docs/product-rules.md "Operator bulk upload"): per user, how many were created, and at most 2 errors each. */
export function GlobalResultView({ result }: { result: GlobalBulkUploadResult }) {
  return (
    <div className="space-y-4" data-testid="bulk-result">
      <Heading>{`Upload complete: ${countOf(result.total_users_processed, 'user')} processed`}</Heading>
      {result.results.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {result.results.map(({ user_name: name, user_email: email, result: outcome }) => (
            <li key={email} className="px-3 py-2.5 text-sm" data-testid="bulk-user-result">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{name}</p>
                  <p className="truncate text-xs text-slate-500">{email}</p>
                </div>
                <span className="text-xs font-medium text-slate-700">
                  {outcome.successful} of {outcome.total_processed} created
                </span>
              </div>
              <ErrorLines errors={outcome.errors} label={`Errors for ${email}`} />
            </li>
          ))}
        </ul>
      )}
      {result.errors.length > 0 && (
        <section aria-label="Rows without a known user">
          <h4 className="text-sm font-medium text-slate-700">Rows without a known user</h4>
          <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-md bg-red-50 p-2.5 text-xs text-red-800">
            {result.errors.map((error, index) => (
              <li key={index} className="break-words">
                {error}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}


/** The single-user upload result (docs/product-rules.md "Operator bulk upload"): totals, the monitors created and the rows refused. */
export function SingleResultView({ result, userName }: { result: SingleUserBulkUploadResult; userName: string }) {
  return (
    <div className="space-y-4" data-testid="bulk-result">
      <Heading>{`Upload complete for ${userName}: ${result.successful} of ${countOf(result.total_processed, 'monitor')} created`}</Heading>
      <UploadTotals result={result} />
      {result.created_monitors.length > 0 && (
        <CreatedMonitorList monitors={result.created_monitors} label="Created monitors" />
      )}
      {result.errors.length > 0 && (
        <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md bg-red-50 p-2.5 text-xs text-red-800" aria-label="Errors">
          {result.errors.map((error, index) => (
            <li key={index} className="break-words">
              {error}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
