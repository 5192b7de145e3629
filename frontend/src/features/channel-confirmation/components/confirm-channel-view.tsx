import { useState } from 'react';
import type { ChannelConfirmationResult } from '@shared/alerts/confirm-channel.js';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, MailIcon, XCircleIcon } from '@/components/ui/icons';
import { ApiError, errorMessage } from '@/lib/api-client';
import { confirmChannel } from '../api/confirm-channel';
import { CONFIRM_CHANNEL_TEXT } from '../texts';

type State =
  | { kind: 'asking'; error?: string }
  | { kind: 'sending' }
  | { kind: 'answered'; result: ChannelConfirmationResult }
  | { kind: 'refused'; message: string };

/**
 * The page an alert recipient's confirmation e-mail leads to (docs/alerts.md "Confirming e-mail
 * recipients"). It confirms only when the button is pressed, once, and never on load: mail
 * scanners open the links in a message, and must not confirm an address nobody asked about.
 */
export function ConfirmChannelView({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(() => (token ? { kind: 'asking' } : { kind: 'refused', message: CONFIRM_CHANNEL_TEXT.missingToken }));

  const confirm = async () => {
    if (!token || state.kind === 'sending') return;
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'answered', result: await confirmChannel(token) });
    } catch (error) {
      // A refused link (used, expired) cannot work on a retry; a network failure can.
      const message = errorMessage(error, CONFIRM_CHANNEL_TEXT.failed);
      setState(isRefusal(error) ? { kind: 'refused', message } : { kind: 'asking', error: message });
    }
  };

  if (state.kind === 'answered') {
    const confirmed = state.result.outcome === 'confirmed' || state.result.outcome === 'already_confirmed';
    return (
      <div className="text-center" role="status">
        <div className={`mx-auto flex size-12 items-center justify-center rounded-full ${confirmed ? 'bg-emerald-50 text-emerald-600' : 'bg-slate-100 text-slate-600'}`}>
          {confirmed ? <CheckCircleIcon className="size-7" /> : <MailIcon className="size-7" />}
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{confirmed ? CONFIRM_CHANNEL_TEXT.confirmedTitle : CONFIRM_CHANNEL_TEXT.unchangedTitle}</h1>
        <p className="mt-2 text-sm text-slate-600">{state.result.message}</p>
      </div>
    );
  }
  if (state.kind === 'refused') {
    return (
      <div className="text-center" role="alert">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <XCircleIcon className="size-7" />
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{CONFIRM_CHANNEL_TEXT.failedTitle}</h1>
        <p className="mt-2 text-sm text-slate-600">{state.message}</p>
      </div>
    );
  }
  return (
    <div className="text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <MailIcon className="size-7" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{CONFIRM_CHANNEL_TEXT.title}</h1>
      <p className="mt-2 text-sm text-slate-600">{CONFIRM_CHANNEL_TEXT.intro}</p>
      {state.kind === 'asking' && state.error && (
        <p className="mt-4 text-sm text-red-600" role="alert">
          {state.error}
        </p>
      )}
      <Button size="lg" className="mt-6 w-full" loading={state.kind === 'sending'} onClick={() => void confirm()}>
        {CONFIRM_CHANNEL_TEXT.confirm}
      </Button>
      <p className="mt-4 text-xs text-slate-500">{CONFIRM_CHANNEL_TEXT.ignore}</p>
    </div>
  );
}

/** The server refused the link itself (400: invalid, used or expired): trying again cannot help. */
const isRefusal = (error: unknown): boolean => error instanceof ApiError && error.status === 400;
