import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR, { mutate } from 'swr';
import type { InvitationPreview } from '@shared/workspaces/members.js';
import { ROLE_LABELS } from '@shared/workspaces/roles.js';
import { PageShell } from '@/components/page-shell';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { callApi, errorMessage } from '@/lib/api-client';
import { clearInvitationReturn, rememberInvitationReturn } from '@/lib/invitation-return';
import { useAuth } from '@/lib/session';
import { WORKSPACES_KEY } from '@/lib/workspace';
import { selectWorkspace } from '@/lib/workspace-selection';

/**
 * /invitations/accept?token=... (docs/teams.md "Members and invitations"): shows the workspace, the
 * inviter and the role a link offers; signed in as the invited address, "Join"; signed out, sign in
 * or register and come back here. A dead link shows the server's reason.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const preview = useSWR<InvitationPreview, Error>(token ? ['checkInvitation', token] : null, () => callApi('checkInvitation', { body: { token } }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [joining, setJoining] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (status === 'signed-in') clearInvitationReturn();
  }, [status]);

  const goSignIn = (to: string) => {
    rememberInvitationReturn(`${paths.acceptInvitation}?token=${encodeURIComponent(token)}`);
    navigate(to);
  };

  const join = async () => {
    setJoining(true);
    setFailure(null);
    try {
      const joined = await callApi('acceptInvitation', { body: { token } });
      // The app opens in the workspace just joined (docs/teams.md "Choosing a workspace").
      // The switcher's list is read again first, so the new workspace is in it when the app opens.
      if (user) selectWorkspace(user.id, joined.workspace_id);
      await mutate(WORKSPACES_KEY, callApi('listWorkspaces'), { revalidate: false });
      navigate(paths.app.dashboard, { replace: true });
    } catch (cause) {
      setFailure(errorMessage(cause, 'Could not join the workspace. Please try again.'));
      setJoining(false);
    }
  };

  if (!token) return <PageShell title="Invitation" description="This invitation link is not valid. Ask for a new invitation." />;
  if (preview.error) {
    return (
      <PageShell title="This invitation cannot be used" description={errorMessage(preview.error, 'This invitation link is not valid. Ask for a new invitation.')}>
        <Link className="text-indigo-700 underline" to={paths.home}>Go to the home page</Link>
      </PageShell>
    );
  }
  if (!preview.data) return <PageShell title="Invitation" description="Checking your invitation…" />;
  const offer = preview.data;
  const sameAddress = user?.email?.toLowerCase() === offer.email;

  return (
    <PageShell
      title={`Join ${offer.workspace_name}`}
      description={`${offer.inviter_name} invited ${offer.email} to the workspace ${offer.workspace_name} on Upwatch as ${ROLE_LABELS[offer.role]}.`}
    >
      <div className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        {status === 'signed-in' && sameAddress && (
          <Button size="lg" loading={joining} onClick={() => void join()}>Join {offer.workspace_name}</Button>
        )}
        {status === 'signed-in' && !sameAddress && (
          <Alert>{`This invitation is for ${offer.email}. Sign in with that address to accept it.`}</Alert>
        )}
        {status === 'signed-out' && (
          <div className="flex flex-wrap gap-3">
            <Button size="lg" onClick={() => goSignIn(paths.login)}>Sign in to join</Button>
            <Button size="lg" variant="secondary" onClick={() => goSignIn(`${paths.register}?email=${encodeURIComponent(offer.email)}`)}>
              Create an account
            </Button>
          </div>
        )}
        {status === 'signed-in' && !sameAddress && <ButtonLink to={paths.app.root} variant="secondary">Go to your dashboard</ButtonLink>}
      </div>
    </PageShell>
  );
}
