import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PRIVATE_PAGE_LIMITS, PRIVATE_PAGE_TEXTS, type PageVisibility } from '@shared/status-pages/private-access.js';
import { PasswordField, TextAreaField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { STATUS_PAGE_TEXT } from '../texts';
import type { AccessDraft, PageFormErrors } from '../utils/page-form';

const CHOICES: readonly { value: PageVisibility; label: string; hint: string }[] = [
  { value: 'public', label: STATUS_PAGE_TEXT.accessPublic, hint: STATUS_PAGE_TEXT.accessPublicHint },
  { value: 'password', label: STATUS_PAGE_TEXT.accessPassword, hint: STATUS_PAGE_TEXT.accessPasswordHint },
  { value: 'email_domain', label: STATUS_PAGE_TEXT.accessDomains, hint: STATUS_PAGE_TEXT.accessDomainsHint },
];

/** The first message about the domains: the list's own, else the first domain's (`access.allowed_email_domains.2`). */
const domainsError = (errors: PageFormErrors): string | undefined =>
  errors['access.allowed_email_domains'] ??
  Object.entries(errors).find(([field]) => field.startsWith('access.allowed_email_domains.'))?.[1];

/**
 * The form's Access section (docs/status-pages.md "Private pages"): Public, Password or Allowed
 * e-mail domains, with the password (left empty it stays as it is: "unchanged") or the domains.
 * On a plan without private pages (`draft` null) it says which plans have them and links to the
 * plans, instead of choices the server would refuse; a page made private before a downgrade is
 * said to stay so (the form then sends no access, and the page keeps its own).
 */
export function AccessField({
  draft,
  planAllowsPrivate,
  saved,
  errors,
  onChange,
}: {
  draft: AccessDraft | null;
  /** The plan lets pages be private (`privateStatusPages`): the choices show; else the plan's words. */
  planAllowsPrivate: boolean;
  /** Who may view the page as saved: a page made private before a downgrade says so. */
  saved: PageVisibility;
  errors: PageFormErrors;
  /** Null: send no access (the page keeps its own). */
  onChange: (next: AccessDraft | null) => void;
}) {
  const name = useId();
  if (!planAllowsPrivate) {
    // A page made private before a downgrade stays so, but its owner may still open it to everyone
    // (the server allows `public` on every plan): the one choice this plan has.
    return (
      <div className="space-y-2 text-sm text-slate-700" data-testid="access-plan-required">
        <p>
          {saved !== 'public' && `${STATUS_PAGE_TEXT.accessKeptPrivate} `}
          {PRIVATE_PAGE_TEXTS.planRequired}{' '}
          <Link to={paths.app.subscription} className="font-medium text-indigo-600 underline hover:text-indigo-500">
            {STATUS_PAGE_TEXT.seePlans}
          </Link>
        </p>
        {saved !== 'public' && (
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              checked={draft?.visibility === 'public'}
              onChange={(event) =>
                onChange(event.target.checked ? { visibility: 'public', password: '', password_set: false, domains: '' } : null)
              }
              className="size-4 accent-indigo-600"
            />
            {STATUS_PAGE_TEXT.accessMakePublic}
          </label>
        )}
      </div>
    );
  }
  if (!draft) return null;
  const visibilityError = errors['access.visibility'] ?? errors.access;
  return (
    <>
      <fieldset aria-describedby={visibilityError ? `${name}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">{STATUS_PAGE_TEXT.accessWho}</legend>
        <div className="mt-2 space-y-2">
          {CHOICES.map((choice) => (
            <label key={choice.value} className="flex cursor-pointer items-start gap-3 rounded-lg p-2 ring-1 ring-slate-200 has-checked:ring-2 has-checked:ring-indigo-600">
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={draft.visibility === choice.value}
                onChange={() => onChange({ ...draft, visibility: choice.value })}
                className="mt-1 size-4 shrink-0 accent-indigo-600"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{choice.label}</span>
                <span className="block text-sm text-slate-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {visibilityError && (
          <p id={`${name}-error`} className="mt-2 text-sm text-red-600">
            {visibilityError}
          </p>
        )}
      </fieldset>
      {draft.visibility === 'password' && (
        <PasswordField
          label={STATUS_PAGE_TEXT.accessPasswordLabel}
          name="access-password"
          autoComplete="new-password"
          maxLength={PRIVATE_PAGE_LIMITS.passwordMax}
          placeholder={draft.password_set ? STATUS_PAGE_TEXT.accessPasswordUnchanged : ''}
          hint={draft.password_set ? STATUS_PAGE_TEXT.accessPasswordKeepHint : STATUS_PAGE_TEXT.accessPasswordNewHint}
          value={draft.password}
          error={errors['access.password']}
          onChange={(event) => onChange({ ...draft, password: event.target.value })}
        />
      )}
      {draft.visibility === 'email_domain' && (
        <TextAreaField
          label={STATUS_PAGE_TEXT.accessDomainsLabel}
          name="access-domains"
          rows={3}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="example.com"
          hint={STATUS_PAGE_TEXT.accessDomainsListHint}
          value={draft.domains}
          error={domainsError(errors)}
          onChange={(event) => onChange({ ...draft, domains: event.target.value })}
        />
      )}
    </>
  );
}
