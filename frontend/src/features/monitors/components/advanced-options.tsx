import { HEADER_MATCHES, HTTP_METHODS, JSON_MATCHES } from '@shared/monitors/check-options.js';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import type { AdvancedValues } from '../utils/advanced-options';

interface AdvancedOptionsProps {
  values: AdvancedValues;
  onChange: (values: AdvancedValues) => void;
  errors: Partial<Record<string, string>>;
  /** A stored basic-auth password the form does not know (the API never sends it back). */
  hasPassword: boolean;
  open: boolean;
  onToggle: (open: boolean) => void;
}

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function Checkbox({ label, checked, onChange, name }: { label: string; checked: boolean; onChange: (checked: boolean) => void; name: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" name={name} className="size-4 rounded border-slate-300 text-indigo-600" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/**
 * The "Advanced" part of the monitor form (docs/checks.md): request options and assertions,
 * collapsed by default so name and URL stay all a simple monitor needs.
 */
export function AdvancedOptions({ values, onChange, errors, hasPassword, open, onToggle }: AdvancedOptionsProps) {
  const set = <K extends keyof AdvancedValues>(key: K, value: AdvancedValues[K]) => onChange({ ...values, [key]: value });
  const text = (key: keyof AdvancedValues) => ({
    name: key,
    value: String(values[key]),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
    error: errors[key === 'basic_auth_username' || key === 'basic_auth_password' ? 'basic_auth' : key],
  });
  return (
    <details className="rounded-lg border border-slate-200" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary className="cursor-pointer select-none px-4 py-3 text-sm font-medium text-slate-700">Advanced</summary>
      <div className="space-y-5 border-t border-slate-200 px-4 py-4">
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">Request</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Method" options={choices(HTTP_METHODS)} {...text('method')} />
            <div className="flex items-end pb-2">
              <Checkbox name="follow_redirects" label="Follow redirects" checked={values.follow_redirects} onChange={(checked) => set('follow_redirects', checked)} />
            </div>
          </div>
          <TextAreaField label="Request headers" rows={2} placeholder="Accept: application/json" hint="One per line, Name: value." {...text('headers')} />
          <TextField label="Secret headers" placeholder="X-Api-Key" hint="Names of headers whose values are stored encrypted and never shown again." {...text('secret_headers')} />
          <TextAreaField label="Request body" rows={2} placeholder='{"ping": true}' hint="Sent with POST, PUT, PATCH, DELETE or OPTIONS." {...text('body')} />
          <TextField label="Body content type" placeholder="application/json" {...text('body_content_type')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Basic auth username" autoComplete="off" {...text('basic_auth_username')} />
            <TextField
              label="Basic auth password"
              type="password"
              autoComplete="new-password"
              placeholder={hasPassword ? '•••• (unchanged)' : ''}
              {...text('basic_auth_password')}
            />
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">Assertions (all must hold for up)</legend>
          <TextField label="Expected status codes" placeholder="200-399" hint="Codes and ranges, like 200-299,301. Default 200-399." {...text('expected_status_codes')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Keyword" placeholder="Welcome" {...text('keyword')} />
            <SelectField
              label="Keyword must be"
              options={[
                { value: 'present', label: 'present' },
                { value: 'absent', label: 'absent' },
              ]}
              {...text('keyword_mode')}
            />
          </div>
          <Checkbox name="keyword_case_sensitive" label="Keyword is case sensitive" checked={values.keyword_case_sensitive} onChange={(checked) => set('keyword_case_sensitive', checked)} />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="JSON path" placeholder="$.status" {...text('json_path')} />
            <SelectField label="JSON value" options={choices(JSON_MATCHES)} {...text('json_match')} />
            <TextField label="Expected JSON value" placeholder="ok" disabled={values.json_match === 'exists'} {...text('json_expected')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="Response header" placeholder="Content-Type" {...text('header_name')} />
            <SelectField label="Header value" options={choices(HEADER_MATCHES)} {...text('header_match')} />
            <TextField label="Expected header value" placeholder="json" disabled={values.header_match === 'exists'} {...text('header_expected')} />
          </div>
          <TextField
            label="Maximum response time (ms)"
            type="number"
            inputMode="numeric"
            min={1}
            hint="A slower answer shows the monitor as Degraded, not down."
            {...text('max_response_time_ms')}
          />
        </fieldset>
      </div>
    </details>
  );
}
