import { useId, useState } from 'react';
import type { BadgeLinks } from '@shared/badges/badges.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { createBadgeLinks, useBadgeLinks } from '../api/badge-links';
import { badgeAltText, BADGES_TEXT } from '../texts';
import { htmlBadge, markdownBadge } from '../utils/badge-snippets';
import { useMayCall } from '@/lib/workspace';

/** One snippet in a read-only field with a Copy button (the field selects itself on focus); `badge` names the badge to screen readers. */
function Snippet({ badge, format, value }: { badge: string; format: string; value: string }) {
  const label = `${badge}, ${format}`;
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div>
      <label className="block text-xs font-medium text-slate-600" htmlFor={id}>
        <span className="sr-only">{badge}, </span>
        {format}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-xs text-slate-800"
        />
        <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`${BADGES_TEXT.copy} ${label}`}>
          {copied ? BADGES_TEXT.copied : BADGES_TEXT.copy}
        </Button>
      </div>
    </div>
  );
}

/**
 * How many times what the page shows of the monitor (its state, its 30-day uptime) has changed
 * since it opened: the badge previews are fetched again each time, past the browser's cached copy,
 * so they stay as live as the page.
 */
const useChangeCount = (shownAs: string): number => {
  const [seen, setSeen] = useState({ shownAs, count: 0 });
  // Adjusted while rendering, as React advises for state that follows a prop.
  if (seen.shownAs !== shownAs) setSeen({ shownAs, count: seen.count + 1 });
  return seen.shownAs === shownAs ? seen.count : seen.count + 1;
};

/** One badge as it looks now, with its Markdown and HTML snippets. */
function BadgeSnippets({ title, url, alt, changes }: { title: string; url: string; alt: string; changes: number }) {
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="badge-snippets">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-900">{title}</h3>
        {/* The live badge, as a README shows it (cached for up to a minute). */}
        <img src={changes ? `${url}?seen=${changes}` : url} alt={alt} height={20} className="h-5" />
      </div>
      <Snippet badge={title} format={BADGES_TEXT.markdown} value={markdownBadge(alt, url)} />
      <Snippet badge={title} format={BADGES_TEXT.html} value={htmlBadge(alt, url)} />
    </div>
  );
}

/** Rotating needs a yes: every page showing the old links breaks at once. */
function RotateDialog({ onConfirm, onClose }: { onConfirm: () => Promise<void>; onClose: () => void }) {
  const [rotating, setRotating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setRotating(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (cause) {
      setFailure(errorMessage(cause, BADGES_TEXT.failedToRotate));
      setRotating(false);
    }
  };
  return (
    <Modal open title={BADGES_TEXT.rotateTitle} onClose={onClose}>
      <div className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
        <p className="text-sm text-slate-600">{BADGES_TEXT.rotateConfirm}</p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {BADGES_TEXT.cancel}
          </Button>
          <Button variant="danger" loading={rotating} onClick={() => void confirm()}>
            {BADGES_TEXT.rotate}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * The monitor's badges for a README (docs/status-pages.md "Badges"): both badges live with their
 * snippets, "Create badge links" before there are any, and Rotate behind a confirmation.
 * `shownAs` is what the page shows of the monitor now; when it changes the previews are fetched again.
 */
export function MonitorBadges({ monitorId, monitorName, shownAs = '' }: { monitorId: string; monitorName: string; shownAs?: string }) {
  const { data, error, mutate } = useBadgeLinks(monitorId);
  const changes = useChangeCount(shownAs);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingRotate, setConfirmingRotate] = useState(false);
  const [rotated, setRotated] = useState(false);
  // A viewer sees the links there are, without Create or Rotate (docs/teams.md "Choosing a workspace").
  const mayChange = useMayCall('createBadgeLinks');

  const replaceLinks = async (links: BadgeLinks | null) => {
    await mutate({ links }, { revalidate: false });
  };
  const create = async () => {
    setCreating(true);
    setFailure(null);
    try {
      await replaceLinks((await createBadgeLinks(monitorId)).links);
    } catch (cause) {
      setFailure(errorMessage(cause, BADGES_TEXT.failedToCreate));
    } finally {
      setCreating(false);
    }
  };
  const rotate = async () => {
    await replaceLinks((await createBadgeLinks(monitorId)).links);
    setConfirmingRotate(false);
    setRotated(true);
  };

  const links = data?.links ?? null;
  return (
    <section className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="monitor-badges-title" data-testid="monitor-badges">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="monitor-badges-title" className="font-semibold text-slate-900">
            {BADGES_TEXT.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{BADGES_TEXT.intro}</p>
        </div>
        {mayChange && links && (
          <Button variant="secondary" size="sm" onClick={() => setConfirmingRotate(true)}>
            {BADGES_TEXT.rotate}
          </Button>
        )}
      </div>
      {failure && <Alert>{failure}</Alert>}
      {rotated && <Alert tone="success">{BADGES_TEXT.rotated}</Alert>}
      {error && !data ? (
        <p className="text-sm text-slate-600">{BADGES_TEXT.failedToLoad}</p>
      ) : !data ? null : links ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <BadgeSnippets title={BADGES_TEXT.statusBadge} url={links.status_url} alt={badgeAltText(monitorName, 'status')} changes={changes} />
          <BadgeSnippets title={BADGES_TEXT.uptimeBadge} url={links.uptime_url} alt={badgeAltText(monitorName, 'uptime')} changes={changes} />
        </div>
      ) : mayChange ? (
        <Button loading={creating} onClick={() => void create()}>
          {BADGES_TEXT.create}
        </Button>
      ) : null}
      {confirmingRotate && <RotateDialog onConfirm={rotate} onClose={() => setConfirmingRotate(false)} />}
    </section>
  );
}
