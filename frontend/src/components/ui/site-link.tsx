import type { ReactNode } from 'react';

/**
 * A monitored site's address, as a link that opens the site in a new tab without giving it a handle
 * on Upwatch's window. The full address is in the tooltip, since the text is often truncated.
 */
export function SiteLink({ url, className, children }: { url: string; className: string; children?: ReactNode }) {
  return (
    <a href={url} target="_blank" rel="noreferrer noopener" className={className} title={url}>
      {url}
      {children}
    </a>
  );
}
