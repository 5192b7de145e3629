import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionView } from '@shared/auth/sessions.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { clearSession } from '@/lib/auth';
import { useAuth } from '@/lib/session';
import { formatTimestamp, relativeTime } from '@/utils/time';
import { signOutEverywhere, useSessions, useSignOutSession } from '../api/sessions';
import { SESSIONS_TEXT as T } from '../texts';
import { LoadingLines, SettingsCard } from './settings-card';

/** One session: device, address, when it signed in and was last seen; "Sign out" unless it is this one. */
function SessionRow({ session, timeZone, onSignOut }: { session: SessionView; timeZone: string | null | undefined; onSignOut: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4" data-testid="session-row">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium text-slate-900">
          {session.device}
          {session.current && <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-700">{T.thisDevice}</span>}
        </p>
        <p className="font-mono text-slate-700">{session.ip}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-600">
          <dt>{T.signedIn}</dt>
          <dd>{formatTimestamp(session.signed_in_at, timeZone)}</dd>
          <dt>{T.lastSeen}</dt>
          <dd>{relativeTime(session.last_seen_at, Date.now(), timeZone)}</dd>
        </dl>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" onClick={onSignOut}>
          {T.signOut}
        </Button>
      )}
    </li>
  );
}

/**
 * Settings -> Security, "Active sessions" (docs/security.md "Tokens and sessions"): every session of
 * the account with its device and address, this device marked; "Sign out" ends one, "Sign out
 * everywhere" ends all of them, this one included, and both ask first.
 */
export function ActiveSessionsCard() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data, error, isLoading } = useSessions();
  const signOutOne = useSignOutSession();
  const [ending, setEnding] = useState<SessionView | null>(null);
  const [endingAll, setEndingAll] = useState(false);

  return (
    <SettingsCard
      title={T.title}
      description={T.description}
      actions={
        data && (
          <Button variant="secondary" onClick={() => setEndingAll(true)}>
            {T.signOutEverywhere}
          </Button>
        )
      }
    >
      {isLoading && <LoadingLines label={T.loading} />}
      {error && <Alert>{errorMessage(error, T.loadFailed)}</Alert>}
      {data && (
        <ul className="divide-y divide-slate-100">
          {data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} timeZone={user?.timezone} onSignOut={() => setEnding(session)} />
          ))}
        </ul>
      )}
      {ending && (
        <ConfirmDeleteDialog
          title={T.signOutTitle}
          confirmLabel={T.signOut}
          failureText={T.signOutFailed}
          onClose={() => setEnding(null)}
          onConfirm={async () => {
            await signOutOne(ending.id);
            setEnding(null);
          }}
        >
          {T.signOutBody(ending.device, ending.ip)}
        </ConfirmDeleteDialog>
      )}
      {endingAll && (
        <ConfirmDeleteDialog
          title={T.everywhereTitle}
          confirmLabel={T.signOutEverywhere}
          failureText={T.everywhereFailed}
          onClose={() => setEndingAll(false)}
          onConfirm={async () => {
            await signOutEverywhere();
            clearSession();
            navigate(paths.login, { replace: true });
          }}
        >
          {T.everywhereBody}
        </ConfirmDeleteDialog>
      )}
    </SettingsCard>
  );
}
