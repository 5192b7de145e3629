import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { API_KEY_SCOPES, SCOPE_LABELS, type ApiKeyScope, type ApiKeyView, type CreatedApiKey } from '@shared/workspaces/api-keys.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { SelectField, TextField } from '@/components/ui/form-field';
import { CopyIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/session';
import { formatDate } from '@/utils/time';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { API_KEY_TEXT as T } from '../texts';
import { LoadingLines, SectionHeader, SettingsCard } from './settings-card';

/** The secret of a key just created, shown this once with a Copy button (docs/api.md "Authentication"). */
function NewKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the secret stays selectable on screen.
      setCopied(false);
    }
  };
  return (
    <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4" data-testid="new-api-key">
      <p className="text-sm font-medium text-amber-900">{T.secretTitle}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-white px-2 py-1.5 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200 select-all">
          {created.key}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <CopyIcon className="size-4 text-slate-400" />
          {copied ? T.copied : T.copy}
        </Button>
      </div>
      <p className="text-sm text-amber-900">{T.secretBody}</p>
      <Button size="sm" onClick={onDone}>
        {T.done}
      </Button>
    </div>
  );
}

/** The end of the day picked in the date input, in UTC, as the API takes it; null for no expiry. */
const expiryOf = (day: string): string | null => (day ? `${day}T23:59:59Z` : null);

/** The create form: a name, read or read-write, an optional expiry day. */
function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expires, setExpires] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      onCreated(await create({ name, scope, expires_at: expiryOf(expires) }));
      setName('');
      setExpires('');
    } catch (error) {
      setFailure(errorMessage(error, T.createFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)}>
      {failure && <Alert>{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={T.nameLabel} hint={T.nameHint} name="name" value={name} required maxLength={60} onChange={(event) => setName(event.target.value)} />
        <SelectField
          label={T.scopeLabel}
          name="scope"
          value={scope}
          onChange={(event) => setScope(event.target.value as ApiKeyScope)}
          options={API_KEY_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }))}
        />
        <TextField label={T.expiresLabel} hint={T.expiresHint} name="expires" type="date" value={expires} onChange={(event) => setExpires(event.target.value)} />
      </div>
      <Button type="submit" loading={saving}>
        {T.create}
      </Button>
    </form>
  );
}

const isExpired = (key: ApiKeyView, now: number): boolean => key.expires_at !== null && Date.parse(key.expires_at) <= now;

/** One key of the list: its facts, and Revoke unless it is revoked already. */
function KeyRow({ apiKey, timeZone, onRevoke }: { apiKey: ApiKeyView; timeZone: string | null | undefined; onRevoke: () => void }) {
  const state = apiKey.revoked_at ? T.revoked : isExpired(apiKey, Date.now()) ? T.expired : null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4" data-testid="api-key-row">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium text-slate-900">
          {apiKey.name}
          {state && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">{state}</span>}
        </p>
        <p className="font-mono text-slate-700">{apiKey.prefix}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-600">
          <dt>{T.columns.access}</dt>
          <dd>{SCOPE_LABELS[apiKey.scope]}</dd>
          <dt>{T.columns.created}</dt>
          <dd>
            {formatDate(apiKey.created_at, timeZone)} · {apiKey.created_by}
          </dd>
          <dt>{T.columns.expires}</dt>
          <dd>{apiKey.expires_at ? formatDate(apiKey.expires_at, timeZone) : T.noExpiry}</dd>
          <dt>{T.columns.lastUsed}</dt>
          <dd>{apiKey.last_used_at ? `${formatDate(apiKey.last_used_at, timeZone)} · ${apiKey.last_used_ip ?? ''}` : T.never}</dd>
        </dl>
      </div>
      {!apiKey.revoked_at && (
        <Button variant="secondary" size="sm" onClick={onRevoke}>
          {T.revoke}
        </Button>
      )}
    </li>
  );
}

/**
 * Settings -> API (docs/api.md "Authentication"): the workspace's API keys with their prefix, access,
 * expiry and last use, revoke behind a confirmation, and the create form whose secret is shown once.
 * On a plan without API access it says so and links to the plans instead of offering a form.
 */
export function ApiKeysSection() {
  const { user } = useAuth();
  const { data, error, isLoading } = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  return (
    <div className="space-y-6">
      <SectionHeader title={T.title} description={T.description} />
      <p className="-mt-3 text-sm">
        {/* A full page load: the reference is served with its own Content-Security-Policy (docs/api.md "The reference page"). */}
        <Link to={paths.apiReference} reloadDocument className="font-medium text-indigo-600 hover:text-indigo-500">
          {T.referenceLink}
        </Link>
      </p>
      {isLoading && <LoadingLines label={T.loading} />}
      {error && <Alert>{errorMessage(error, T.loadFailed)}</Alert>}
      {data && !data.plan_allows_keys && (
        <SettingsCard title={T.upgradeTitle} description={T.upgradeBody}>
          <Link to="?section=subscription" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            {T.upgradeLink}
          </Link>
          {data.keys.length > 0 && <p className="mt-3 text-sm text-slate-600">{T.keptKeysNote}</p>}
        </SettingsCard>
      )}
      {data?.plan_allows_keys && (
        <SettingsCard title={T.createTitle}>
          {created ? <NewKeySecret created={created} onDone={() => setCreated(null)} /> : <CreateKeyForm onCreated={setCreated} />}
        </SettingsCard>
      )}
      {data && (data.plan_allows_keys || data.keys.length > 0) && (
        <SettingsCard title={T.listTitle}>
          {data.keys.length === 0 ? (
            <p className="text-sm text-slate-600">{T.empty}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.keys.map((key) => (
                <KeyRow key={key.id} apiKey={key} timeZone={user?.timezone} onRevoke={() => setRevoking(key)} />
              ))}
            </ul>
          )}
        </SettingsCard>
      )}
      {revoking && (
        <ConfirmDeleteDialog
          title={T.revokeTitle}
          confirmLabel={T.revokeConfirm}
          failureText={T.revokeFailed}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revoke(revoking.id);
            setRevoking(null);
          }}
        >
          {T.revokeBody(revoking.name)}
        </ConfirmDeleteDialog>
      )}
    </div>
  );
}
