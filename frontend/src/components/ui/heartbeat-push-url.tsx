import { useState } from 'react';
import { Button } from './button';

/**
 * A heartbeat monitor's push URL to copy into the job (docs/checks.md "Heartbeat monitors"), with
 * the one-line call a cron job adds, and the failure URL.
 */
export function HeartbeatPushUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="heartbeat-url">
      <label className="block text-xs font-medium text-slate-600" htmlFor="heartbeat-push-url">
        Push URL (keep it secret)
      </label>
      <div className="flex gap-2">
        <input
          id="heartbeat-push-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-xs text-slate-800"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-xs text-slate-600">
        Call it at the end of every run, for example <code className="break-all font-mono">curl -fsS {url}</code>. Call{' '}
        <code className="font-mono">…/fail</code> to report a failed run.
      </p>
    </div>
  );
}
