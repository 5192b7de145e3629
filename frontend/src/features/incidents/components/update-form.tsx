import { useId, useRef, useState, type FormEvent } from 'react';
import type { Incident } from '@shared/incidents/schemas.js';
import { IMPACT_LEVELS, INCIDENT_UPDATE_LIMITS, INCIDENT_UPDATE_STATUSES, INCIDENT_UPDATE_STATUS_TEXT, type IncidentUpdateStatus } from '@shared/incidents/updates.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField } from '@/components/ui/form-field';
import { errorMessage, serverFieldErrors } from '@/lib/api-client';
import type { MonitorChoice } from '../api/get-monitor-choices';
import { usePostIncidentUpdate } from '../api/post-incident-update';
import { IMPACT_TEXT, UPDATE_TEXT } from '../texts';
import { initialUpdateForm, updateFieldErrors, updateInputOf, type ImpactChoice, type UpdateFormValues } from '../utils/update-form';

type Field = 'status' | 'message' | 'impact';

const STATUS_OPTIONS = INCIDENT_UPDATE_STATUSES.map((status) => ({ value: status, label: INCIDENT_UPDATE_STATUS_TEXT[status] }));
const LEVEL_OPTIONS = [{ value: 'none', label: UPDATE_TEXT.notAffected }, ...IMPACT_LEVELS.map((level) => ({ value: level, label: IMPACT_TEXT[level] }))];

interface UpdateFormProps {
  incident: Incident;
  /** The account's monitors, for "Also affects" (empty while they load). */
  monitors: readonly MonitorChoice[];
  monitorName: (id: string) => string;
}

/**
 * "Post update" (docs/status-pages.md "Incident updates"): a status, a message in the safe Markdown
 * subset (the first one drafted from what the checks found) and the impact per monitor, the
 * incident's own monitor first. The server checks it all; its field messages show here.
 */
export function UpdateForm({ incident, monitors, monitorName }: UpdateFormProps) {
  const post = usePostIncidentUpdate();
  const [values, setValues] = useState<UpdateFormValues>(() => initialUpdateForm(incident));
  const [drafted, setDrafted] = useState(() => !incident.updates?.length);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const impactId = useId();

  const change = (next: Partial<UpdateFormValues>, field: Field) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors(({ [field]: _answered, ...rest }) => rest);
    setPosted(false);
  };
  const setLevel = (monitorId: string, level: ImpactChoice) =>
    change({ impact: values.impact.map((row) => (row.monitorId === monitorId ? { ...row, level } : row)) }, 'impact');
  const offered = monitors.filter((monitor) => !values.impact.some((row) => row.monitorId === monitor.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPosted(false);
    setBusy(true);
    try {
      const updated = await post(incident.id, updateInputOf(values));
      setValues(initialUpdateForm(updated));
      setDrafted(false);
      setErrors({});
      setPosted(true);
    } catch (cause) {
      const fields = updateFieldErrors(serverFieldErrors(cause));
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorMessage(cause, UPDATE_TEXT.failed));
      // The first field the server refused takes the focus, so a screen reader hears why.
      setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
    } finally {
      setBusy(false);
    }
  };

  const resolvedWhileOpen = values.status === 'resolved' && incident.status === 'open';
  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId} className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {UPDATE_TEXT.formHeading}
      </h3>
      {failure && <Alert>{failure}</Alert>}
      <SelectField
        label={UPDATE_TEXT.status}
        options={STATUS_OPTIONS}
        value={values.status}
        onChange={(event) => change({ status: event.target.value as IncidentUpdateStatus }, 'status')}
        error={errors.status}
        {...(resolvedWhileOpen ? { hint: UPDATE_TEXT.resolvedWhileOpen } : {})}
        className="sm:max-w-xs"
      />
      <div className="space-y-1.5">
        <TextAreaField
          label={UPDATE_TEXT.message}
          rows={5}
          maxLength={INCIDENT_UPDATE_LIMITS.messageMax}
          value={values.message}
          onChange={(event) => change({ message: event.target.value }, 'message')}
          error={errors.message}
          hint={`${UPDATE_TEXT.markdownHint} ${values.message.length.toLocaleString('en-US')} / ${INCIDENT_UPDATE_LIMITS.messageMax.toLocaleString('en-US')} characters.`}
        />
        {drafted && <p className="text-xs text-slate-500">{UPDATE_TEXT.draftNote}</p>}
      </div>
      <fieldset className="space-y-3" aria-describedby={errors.impact ? `${impactId}-error` : `${impactId}-hint`}>
        <legend className="text-sm font-medium text-slate-700">{UPDATE_TEXT.impact}</legend>
        <p id={`${impactId}-hint`} className="-mt-1 text-xs text-slate-500">
          {UPDATE_TEXT.impactHint}
        </p>
        <ul className="space-y-3">
          {values.impact.map((row) => (
            <li key={row.monitorId} className="flex items-end gap-2">
              <div className="min-w-0 flex-1 sm:max-w-md">
                <SelectField
                  label={monitorName(row.monitorId)}
                  options={LEVEL_OPTIONS}
                  value={row.level}
                  onChange={(event) => setLevel(row.monitorId, event.target.value as ImpactChoice)}
                />
              </div>
              {row.monitorId !== incident.monitor_id && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${UPDATE_TEXT.remove} ${monitorName(row.monitorId)}`}
                  onClick={() => change({ impact: values.impact.filter((other) => other.monitorId !== row.monitorId) }, 'impact')}
                >
                  {UPDATE_TEXT.remove}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {offered.length > 0 && (
          <div className="sm:max-w-md">
            <SelectField
              label={UPDATE_TEXT.addMonitor}
              value=""
              options={[{ value: '', label: UPDATE_TEXT.addMonitorPlaceholder }, ...offered.map((monitor) => ({ value: monitor.id, label: monitor.name }))]}
              onChange={(event) => {
                if (event.target.value) change({ impact: [...values.impact, { monitorId: event.target.value, level: 'degraded' }] }, 'impact');
              }}
            />
          </div>
        )}
        {errors.impact && (
          <p id={`${impactId}-error`} className="text-sm text-red-600">
            {errors.impact}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy}>
          {busy ? UPDATE_TEXT.posting : UPDATE_TEXT.post}
        </Button>
        <p role="status" className="text-sm text-emerald-700">
          {posted ? UPDATE_TEXT.posted : ''}
        </p>
      </div>
    </form>
  );
}
