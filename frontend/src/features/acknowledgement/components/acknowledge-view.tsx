import { useEffect, useState } from 'react';
import type { AcknowledgementView } from '@shared/alerts/acknowledge.js';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/utils/time';
import { acknowledgeByLink } from '../api/acknowledge-by-link';
import { getAcknowledgement } from '../api/get-acknowledgement';
import { ACK_PAGE_TEXT, acknowledgedByText, alreadyAcknowledgedText } from '../texts';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'shown'; view: AcknowledgementView; acknowledgedHere: boolean };

/** The incident as the link shows it: which monitor, what, since when, and whether it is still open. */
function IncidentFacts({ view }: { view: AcknowledgementView }) {
  return (
    <div>
      <h1 className="text-xl font-semibold text-slate-900">{view.title}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-500">{ACK_PAGE_TEXT.monitor}</dt>
        <dd className="font-medium break-words text-slate-900" data-testid="ack-monitor">
          {view.monitor_name}
        </dd>
        <dt className="text-slate-500">{ACK_PAGE_TEXT.since}</dt>
        <dd className="text-slate-900">
          {formatTimestamp(view.started_at)} (<RelativeTime iso={view.started_at} withTitle={false} />)
        </dd>
        <dt className="text-slate-500">{ACK_PAGE_TEXT.status}</dt>
        <dd>
          <Badge tone={view.status === 'open' ? 'red' : 'emerald'} dot>
            {view.status === 'open' ? ACK_PAGE_TEXT.open : ACK_PAGE_TEXT.resolvedStatus}
          </Badge>
        </dd>
      </dl>
    </div>
  );
}

/** Acknowledge, on a click only: a link that acknowledged when opened would be "clicked" by mail scanners and chat unfurlers. */
function AcknowledgeButton({ token, onDone }: { token: string; onDone: (view: AcknowledgementView) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const click = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onDone(await acknowledgeByLink(token));
    } catch (cause) {
      setFailure(errorMessage(cause, ACK_PAGE_TEXT.failedToAcknowledge));
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      {failure && <Alert>{failure}</Alert>}
      <Button size="lg" className="w-full" loading={busy} onClick={() => void click()}>
        {ACK_PAGE_TEXT.acknowledge}
      </Button>
      <p className="text-center text-xs text-slate-500">{ACK_PAGE_TEXT.acknowledgeHint}</p>
    </div>
  );
}

/** What the incident needs now: the button, or why there is nothing to do. */
function Outcome({ view, acknowledgedHere, token, onDone }: { view: AcknowledgementView; acknowledgedHere: boolean; token: string; onDone: (view: AcknowledgementView) => void }) {
  if (acknowledgedHere && view.acknowledged_at) {
    return (
      <div className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset" role="status">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircleIcon className="size-5 shrink-0 text-emerald-600" />
          {acknowledgedByText(view.acknowledged_by, view.acknowledged_at)}
        </p>
        <p className="mt-1">{ACK_PAGE_TEXT.acknowledged}</p>
      </div>
    );
  }
  if (view.status === 'resolved') {
    return (
      <div className="space-y-1 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset" role="status">
        <p className="font-medium text-slate-900">{ACK_PAGE_TEXT.resolved}</p>
        {view.acknowledged_at && <p>{alreadyAcknowledgedText(view.acknowledged_by, view.acknowledged_at)}</p>}
      </div>
    );
  }
  if (view.acknowledged_at) {
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm font-medium text-slate-900 ring-1 ring-slate-200 ring-inset" role="status">
        {alreadyAcknowledgedText(view.acknowledged_by, view.acknowledged_at)}
      </p>
    );
  }
  return <AcknowledgeButton token={token} onDone={onDone} />;
}

/**
 * The page an alert's "Acknowledge" link opens (docs/alerts.md "Acknowledgement"), without
 * signing in: the incident the link names, and one button that acknowledges it. Opening the page
 * only reads; a link that no longer works says so with the server's words.
 */
export function AcknowledgeView({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(() => (token ? { kind: 'loading' } : { kind: 'invalid', message: ACK_PAGE_TEXT.missingToken }));

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    getAcknowledgement(token, abort.signal).then(
      (view) => setState({ kind: 'shown', view, acknowledgedHere: false }),
      (cause: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'invalid', message: errorMessage(cause, ACK_PAGE_TEXT.failedToLoad) });
      },
    );
    return () => abort.abort();
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <div className="flex justify-center py-6 text-indigo-600" role="status">
        <Spinner className="size-8" />
        <span className="sr-only">{ACK_PAGE_TEXT.loading}</span>
      </div>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <div className="text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <AlertIcon className="size-6" />
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{ACK_PAGE_TEXT.invalidTitle}</h1>
        <p className="mt-2 text-sm text-slate-600" data-testid="ack-invalid">
          {state.message}
        </p>
        <ButtonLink to={paths.app.incidents} variant="secondary" className="mt-6">
          {ACK_PAGE_TEXT.openApp}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <IncidentFacts view={state.view} />
      <Outcome
        view={state.view}
        acknowledgedHere={state.acknowledgedHere}
        token={token ?? ''}
        onDone={(view) => setState({ kind: 'shown', view, acknowledgedHere: true })}
      />
    </div>
  );
}
