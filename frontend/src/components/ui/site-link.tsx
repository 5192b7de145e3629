import type { ReactNode } from 'react';

/**
 * A monitored site's address, as a link that opens the site in a new tab without giving it a handle
 * on Upwatch's window. The full address is in the tooltip, since the text is often truncated. A
 * target that is not a web address (a TCP port, a DNS name, a heartbeat: docs/checks.md "Monitor
 * types") is shown as text, since a browser cannot open it.
 */
export function SiteLink({ url, className, children }: { url: string; className: string; children?: ReactNode }) {
  if (!/^https?:\/\//i.test(url)) {
    return (
      <span className={className.replace(/hover:\S+/g, '')} title={url}>
        {targetLabel(url)}
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer noopener" className={className} title={url}>
      {url}
      {children}
    </a>
  );
}

/** `tcp://db.example.com:5432` -> `TCP db.example.com:5432`; `dns://example.com` -> `DNS example.com`; a heartbeat's id is no use to read. */
export const targetLabel = (url: string): string => {
  if (url.startsWith('tcp://')) return `TCP ${url.slice('tcp://'.length)}`;
  if (url.startsWith('dns://')) return `DNS ${url.slice('dns://'.length)}`;
  if (url.startsWith('heartbeat://')) return 'Heartbeat (cron job)';
  return url;
};
