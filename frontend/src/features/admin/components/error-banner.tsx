import { useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';

/**
 * docs/product-rules.md "Error catalogue": an error on a list shows in a red banner the operator can dismiss. A new error (another
 * failed load) shows again even after the previous one was dismissed.
 */
export function ErrorBanner({ message, error }: { message: string | null; error?: unknown }) {
  const [dismissed, setDismissed] = useState<unknown>(null);
  const marker = error ?? message;
  if (!message || (dismissed !== null && dismissed === marker)) return null;
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="error-banner">
      <p className="min-w-0 flex-1 break-words">{message}</p>
      <button
        type="button"
        onClick={() => setDismissed(marker)}
        aria-label="Dismiss"
        className="-m-1 rounded-md p-1 text-red-500 hover:bg-red-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
