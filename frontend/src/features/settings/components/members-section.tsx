import { useState, type FormEvent } from 'react';
import { INVITABLE_ROLES, type InvitableRole, type MemberView } from '@shared/workspaces/members.js';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '@shared/workspaces/roles.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { SelectField, TextField } from '@/components/ui/form-field';
import { errorMessage, callApi } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { useInvitations, useMemberChange, useMembers } from '../api/members';
import { SectionHeader, SettingsCard } from './settings-card';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** A change that ends someone's access or hands over the workspace: it is asked first. */
interface PendingConfirmation {
  title: string;
  confirmLabel: string;
  question: string;
  action: () => Promise<unknown>;
  success: string;
}

const messageOf = (result: unknown, fallback: string): string =>
  result && typeof result === 'object' && 'message' in result ? String(result.message) : fallback;

const roleOptions = (roles: readonly WorkspaceRole[]) => roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * Settings -> Members (docs/teams.md "Members and invitations"): everyone in the workspace with
 * their role and the seats in use; admins invite, revoke, change roles, remove and rename; owners
 * also make owners and transfer ownership; everyone but the founding account can leave. Parts a
 * role may not use are not shown; the server checks every change again.
 */
export function MembersSection() {
  const { user } = useAuth();
  const members = useMembers();
  const me = members.data?.members.find((member) => member.user_id === user?.id);
  const role: WorkspaceRole = me?.role ?? 'viewer';
  const canManage = roleAllows(role, 'admin');
  const isOwner = role === 'owner';
  const invitations = useInvitations(canManage);
  const change = useMemberChange();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<InvitableRole>('member');
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<PendingConfirmation | null>(null);

  // A failure throws, and the dialog stays open with the reason (ConfirmDeleteDialog).
  const confirmNow = async (pending: PendingConfirmation) => {
    const result = await change(pending.action);
    setConfirming(null);
    setOutcome({ tone: 'success', text: messageOf(result, pending.success) });
  };

  const run = async (action: () => Promise<{ message: string } | unknown>, success: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await change(action);
      setOutcome({ tone: 'success', text: messageOf(result, success) });
      return true;
    } catch (cause) {
      setOutcome({ tone: 'error', text: errorMessage(cause, 'That did not work. Please try again.') });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => callApi('createInvitation', { body: { email, role: inviteRole } }), `Invitation sent to ${email.trim()}.`)) setEmail('');
  };

  if (members.error) return <Alert>{errorMessage(members.error, 'Could not load the members.')}</Alert>;
  if (!members.data) return <p className="text-sm text-slate-600">Loading members…</p>;
  const { workspace, seats } = members.data;
  const list = members.data.members;

  const rolesFor = (member: MemberView): WorkspaceRole[] =>
    isOwner ? [...WORKSPACE_ROLES] : member.role === 'owner' ? [] : WORKSPACE_ROLES.filter((r) => r !== 'owner');

  return (
    <>
      <SectionHeader title="Members" description={`${workspace.name}: ${seats.used} of ${seats.total} team seats in use.`} />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}

      {canManage && (
        <SettingsCard title="Workspace name">
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => callApi('renameWorkspace', { body: { name: name ?? workspace.name } }), 'The workspace was renamed.');
            }}
          >
            <TextField label="Name" name="workspace-name" value={name ?? workspace.name} onChange={(event) => setName(event.target.value)} className="flex-1" />
            <Button type="submit" variant="secondary" loading={busy}>Rename</Button>
          </form>
        </SettingsCard>
      )}

      <SettingsCard title="People">
        <ul className="divide-y divide-slate-200">
          {list.map((member) => {
            const isMe = member.user_id === user?.id;
            const choices = canManage && !isMe ? rolesFor(member) : [];
            return (
              <li key={member.user_id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">
                    {member.name}
                    {isMe && ' (you)'}
                  </p>
                  <p className="truncate text-sm text-slate-600">{member.email}</p>
                </div>
                {choices.length ? (
                  <SelectField
                    label={`Role of ${member.name}`}
                    name={`role-${member.user_id}`}
                    value={member.role}
                    disabled={busy}
                    onChange={(event) =>
                      void run(() => callApi('updateMemberRole', { params: { id: member.user_id }, body: { role: event.target.value as WorkspaceRole } }), 'Role changed.')
                    }
                    options={roleOptions(choices)}
                  />
                ) : (
                  <span className="text-sm font-medium text-slate-700">{ROLE_LABELS[member.role]}</span>
                )}
                {canManage && !isMe && !member.is_founder && (member.role !== 'owner' || isOwner) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    onClick={() =>
                      setConfirming({
                        title: `Remove ${member.name}?`,
                        confirmLabel: 'Remove',
                        question: `${member.name} (${member.email}) loses access to ${workspace.name} at once. An admin can invite them again.`,
                        action: () => callApi('removeMember', { params: { id: member.user_id } }),
                        success: 'Removed.',
                      })
                    }
                  >
                    Remove
                  </Button>
                )}
                {isOwner && !isMe && member.role !== 'owner' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    onClick={() =>
                      setConfirming({
                        title: `Make ${member.name} the owner?`,
                        confirmLabel: 'Make owner and step down',
                        question: `${member.name} becomes an owner of ${workspace.name}, with billing and deletion, and you become an admin.`,
                        action: () => callApi('transferOwnership', { body: { user_id: member.user_id } }),
                        success: 'Ownership transferred.',
                      })
                    }
                  >
                    Make owner and step down
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-xs text-slate-500">{WORKSPACE_ROLES.map((r) => `${ROLE_LABELS[r]}: ${ROLE_DESCRIPTIONS[r]}`).join(' ')}</p>
      </SettingsCard>

      {canManage && (
        <SettingsCard title="Invite people">
          <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void invite(event)}>
            <TextField label="Email" name="invite-email" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} className="flex-1" />
            <SelectField label="Role" name="invite-role" value={inviteRole} onChange={(event) => setInviteRole(event.target.value as InvitableRole)} options={roleOptions(INVITABLE_ROLES)} />
            <Button type="submit" loading={busy}>Send invitation</Button>
          </form>
          {invitations.data && invitations.data.invitations.length > 0 && (
            <ul className="mt-4 divide-y divide-slate-200" aria-label="Pending invitations">
              {invitations.data.invitations.map((invitation) => (
                <li key={invitation.id} className="flex items-center gap-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 truncate">
                    {invitation.email} · {ROLE_LABELS[invitation.role]} · invited by {invitation.invited_by}
                  </span>
                  <Button variant="ghost" size="sm" disabled={busy} onClick={() => void run(() => callApi('revokeInvitation', { params: { id: invitation.id } }), 'Revoked.')}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </SettingsCard>
      )}

      {me && !me.is_founder && (
        <SettingsCard title="Leave workspace">
          <p className="mb-3 text-sm text-slate-600">You lose access to {workspace.name} at once. An admin can invite you again.</p>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() =>
              setConfirming({
                title: `Leave ${workspace.name}?`,
                confirmLabel: 'Leave workspace',
                question: `You lose access to ${workspace.name} at once. An admin can invite you again.`,
                action: () => callApi('leaveWorkspace'),
                success: 'You left the workspace.',
              })
            }
          >
            Leave workspace
          </Button>
        </SettingsCard>
      )}

      {confirming && (
        <ConfirmDeleteDialog
          title={confirming.title}
          confirmLabel={confirming.confirmLabel}
          failureText="That did not work. Please try again."
          onConfirm={() => confirmNow(confirming)}
          onClose={() => setConfirming(null)}
        >
          {confirming.question}
        </ConfirmDeleteDialog>
      )}
    </>
  );
}
