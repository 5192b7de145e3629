import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';
import { STATUS_PAGE_TEXT } from '../texts';

/** Copies `text` (a page's public address) and says so on the button for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the address stays on screen to select.
      setCopied(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={label}>
      <CopyIcon className="size-4 text-slate-400" />
      <span aria-live="polite">{copied ? STATUS_PAGE_TEXT.copied : STATUS_PAGE_TEXT.copy}</span>
    </Button>
  );
}
