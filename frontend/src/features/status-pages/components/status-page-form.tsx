import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TIERS } from '@shared/tiers.js';
import { Link, useNavigate } from 'react-router-dom';
import { STATUS_PAGE_LIMITS, type StatusPageView } from '@shared/status-pages/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { Toggle } from '@/components/ui/toggle';
import { ApiError, errorMessage, serverFieldErrors } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useSaveStatusPage } from '../api/save-status-page';
import { publicAddressText, STATUS_PAGE_TEXT } from '../texts';
import { checkPageForm, pageFormValuesOf, type AccessDraft, type ComponentDraft, type PageFormErrors, type PageFormValues } from '../utils/page-form';
import { publicAddress, suggestSlug } from '../utils/slug';
import { AccentColourField } from './accent-colour-field';
import { AccessField } from './access-field';
import { ComponentsField } from './components-field';
import { FormSection } from './form-section';
import { useWorkspaceTier } from '@/lib/workspace';

type TextFieldName = 'name' | 'slug' | 'description' | 'logo_url' | 'accent_color';

/** The fields the form shows a message under; a refusal naming any other goes in the banner. */
const isShownField = (field: string): boolean =>
  ['name', 'slug', 'description', 'logo_url', 'accent_color', 'components'].includes(field) ||
  /^components\.\d+\.(display_name|group)$/.test(field) ||
  /^access(\.|$)/.test(field);

/** A save's failure shown above the form: the server's words, and for the page cap the way to upgrade. */
interface Failure {
  text: string;
  planLimit: boolean;
}

const withoutFields = (errors: PageFormErrors, drop: (field: string) => boolean): PageFormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !drop(field)));

/**
 * The status-page form, for a new page (`page` null) or an existing one (docs/status-pages.md
 * "Managing pages"): name, slug (suggested from the name until the user edits it, the public
 * address shown as it is typed), description, logo, accent colour, components and whether the
 * checks' incidents show. Checked with the API's own schema on Save and, from then on, as the user
 * types; the server's refusals show under their fields (a taken slug under the slug).
 */
export function StatusPageForm({ page }: { page: StatusPageView | null }) {
  const editing = page !== null;
  const navigate = useNavigate();
  const save = useSaveStatusPage();
  const workspaceTier = useWorkspaceTier();
  const privatePages = TIERS[workspaceTier].privateStatusPages;
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PageFormValues>(() => pageFormValuesOf(page, privatePages));
  // A new page's slug follows the name until the user types one of their own.
  const [slugEdited, setSlugEdited] = useState(editing);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<PageFormErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  // Bumped by each refused Save: the first field with a message then takes the focus.
  const [refusals, setRefusals] = useState(0);

  const check = checkPageForm(values, editing);
  const errors: PageFormErrors = { ...serverErrors, ...(tried && !check.ok ? check.errors : {}) };

  useEffect(() => {
    if (refusals === 0 || !form.current) return;
    const field = form.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else form.current.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);

  const change = (next: Partial<PageFormValues>, answered: (field: string) => boolean) => {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors((current) => withoutFields(current, answered));
    setFailure(null);
  };
  const text = (field: TextFieldName) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }, (name) => name === field),
  });
  const changeName = (name: string) =>
    change({ name, ...(slugEdited ? {} : { slug: suggestSlug(name) }) }, (field) => field === 'name' || (!slugEdited && field === 'slug'));
  const changeSlug = (slug: string) => {
    // Emptied: the name suggests it again.
    setSlugEdited(slug !== '');
    change({ slug }, (field) => field === 'slug');
  };
  const changeComponents = (components: ComponentDraft[]) =>
    // Rows move and go: a message about row 2 may no longer be about the row shown second.
    change({ components }, (field) => field === 'components' || field.startsWith('components.'));
  const changeAccess = (access: AccessDraft | null) => change({ access }, (field) => field === 'access' || field.startsWith('access.'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setTried(true);
    if (!check.ok) {
      setRefusals((count) => count + 1);
      return;
    }
    setSaving(true);
    try {
      await save(page?.id ?? null, check.input);
      void navigate(paths.app.statusPages);
    } catch (error) {
      const fields = serverFieldErrors(error);
      const shown = Object.keys(fields).filter(isShownField);
      setServerErrors(Object.fromEntries(shown.map((field) => [field, fields[field]])));
      if (shown.length === 0 || shown.length < Object.keys(fields).length) {
        setFailure({
          text: errorMessage(error, STATUS_PAGE_TEXT.failedToSave),
          planLimit: error instanceof ApiError && error.code === 'STATUS_PAGE_LIMIT_REACHED',
        });
      }
      setSaving(false);
      setRefusals((count) => count + 1);
    }
  };

  const address = publicAddress(window.location.origin, values.slug.trim().toLowerCase() || 'your-slug');
  const title = editing ? STATUS_PAGE_TEXT.edit : STATUS_PAGE_TEXT.create;

  return (
    <form ref={form} className="space-y-6" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      {failure && (
        <Alert>
          {failure.text}{' '}
          {failure.planLimit && (
            <Link to={paths.app.subscription} className="font-medium underline">
              {STATUS_PAGE_TEXT.upgradeYourPlan}
            </Link>
          )}
        </Alert>
      )}

      <FormSection title="Page">
        <TextField
          label={STATUS_PAGE_TEXT.name}
          placeholder={STATUS_PAGE_TEXT.namePlaceholder}
          autoComplete="off"
          maxLength={STATUS_PAGE_LIMITS.nameMax}
          {...text('name')}
          onChange={(event) => changeName(event.target.value)}
        />
        <TextField
          label={STATUS_PAGE_TEXT.slug}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={48}
          {...text('slug')}
          onChange={(event) => changeSlug(event.target.value)}
          hint={publicAddressText(address)}
        />
        {errors.slug && (
          <p className="-mt-3 text-xs break-all text-slate-500" data-testid="public-address">
            {publicAddressText(address)}
          </p>
        )}
        <TextAreaField
          label={STATUS_PAGE_TEXT.description}
          rows={3}
          maxLength={STATUS_PAGE_LIMITS.descriptionMax}
          hint={STATUS_PAGE_TEXT.descriptionHint}
          {...text('description')}
        />
      </FormSection>

      <FormSection title="Look">
        <TextField
          label={STATUS_PAGE_TEXT.logoUrl}
          type="url"
          inputMode="url"
          placeholder="https://example.com/logo.png"
          autoComplete="off"
          hint={STATUS_PAGE_TEXT.logoHint}
          {...text('logo_url')}
        />
        <AccentColourField
          value={values.accent_color}
          error={errors.accent_color}
          onChange={(accent_color) => change({ accent_color }, (field) => field === 'accent_color')}
        />
      </FormSection>

      <FormSection title={STATUS_PAGE_TEXT.components} description={STATUS_PAGE_TEXT.componentsHint}>
        <ComponentsField value={values.components} onChange={changeComponents} errors={errors} />
      </FormSection>

      <FormSection title={STATUS_PAGE_TEXT.incidents}>
        <div className="-my-4">
          <Toggle
            label={STATUS_PAGE_TEXT.showAutomatic}
            description={STATUS_PAGE_TEXT.showAutomaticHint}
            checked={values.show_automatic_incidents}
            onChange={(show_automatic_incidents) => change({ show_automatic_incidents }, (field) => field === 'show_automatic_incidents')}
          />
        </div>
      </FormSection>

      <FormSection title={STATUS_PAGE_TEXT.access}>
        <AccessField draft={values.access} planAllowsPrivate={privatePages} saved={page?.access.visibility ?? 'public'} errors={errors} onChange={changeAccess} />
      </FormSection>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink variant="secondary" to={paths.app.statusPages}>
          {STATUS_PAGE_TEXT.cancel}
        </ButtonLink>
        <Button type="submit" loading={saving}>
          {STATUS_PAGE_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
