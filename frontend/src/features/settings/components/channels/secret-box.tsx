import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';
import { CHANNEL_TEXT } from '../../texts';

/**
 * A signing secret shown this once (docs/alerts.md "API": a webhook's `whsec_` secret is never
 * shown again), with a Copy button and what the user should know about it.
 */
export function SecretBox({ secret, children }: { secret: string; children: ReactNode }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the secret stays selectable on screen.
      setCopied(false);
    }
  };
  return (
    <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4" data-testid="secret-box">
      <p className="text-sm font-medium text-amber-900">{CHANNEL_TEXT.signingSecret}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-white px-2 py-1.5 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200 select-all">
          {secret}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <CopyIcon className="size-4 text-slate-400" />
          {copied ? CHANNEL_TEXT.copied : CHANNEL_TEXT.copy}
        </Button>
      </div>
      <div className="space-y-1 text-sm text-amber-900">{children}</div>
    </div>
  );
}
