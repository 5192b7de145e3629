import { useId, useState, type FormEvent } from 'react';
import type { TimezoneOption } from '@shared/account/timezones.js';
import type { MaintenanceWindowView } from '@shared/maintenance/schemas.js';
import type { MaintenanceMode } from '@shared/maintenance/windows.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import type { MonitorChoice } from '../api/monitor-choices';
import type { StatusPageChoice } from '../api/status-page-choices';
import { useSaveMaintenanceWindow } from '../api/maintenance-windows';
import { MAINTENANCE_TEXT } from '../texts';
import { REPEAT_KINDS, repeatChoiceOf, ruleOf, WEEKDAYS, type RepeatChoice, type WeekdayCode } from '../utils/schedule';

/** The modes in the order the form offers them; a type import only, so the rule engine (rrule) stays out of the screen's chunk. */
const MODES: readonly MaintenanceMode[] = ['mute_alerts', 'pause_checks'];

/** What a window covers, as the form offers it (docs/maintenance.md "Screens"). */
type Coverage = 'monitors' | 'page';
const COVERAGES: readonly Coverage[] = ['monitors', 'page'];

/** Tomorrow 01:00-03:00 local: a quiet hour to start from. */
const defaultTimes = (): { starts_at: string; ends_at: string } => {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return { starts_at: `${tomorrow}T01:00`, ends_at: `${tomorrow}T03:00` };
};

interface Props {
  window: MaintenanceWindowView | null;
  monitors: MonitorChoice[];
  statusPages: StatusPageChoice[];
  timezones: readonly TimezoneOption[];
  defaultTimezone: string;
  onDone: (saved: MaintenanceWindowView) => void;
  onCancel: () => void;
}

/**
 * Create or edit a window (docs/maintenance.md "Screens"): title, description, what it covers
 * (chosen monitors or a whole status page), zone, local start and end, repeat and mode. The server
 * checks every rule; its detail is shown as is.
 */
export function WindowForm({ window, monitors, statusPages, timezones, defaultTimezone, onDone, onCancel }: Props) {
  const save = useSaveMaintenanceWindow();
  const times = window ? { starts_at: window.starts_at, ends_at: window.ends_at } : defaultTimes();
  const [title, setTitle] = useState(window?.title ?? '');
  const [description, setDescription] = useState(window?.description ?? '');
  const [coverage, setCoverage] = useState<Coverage>(window?.status_page_id ? 'page' : 'monitors');
  const [monitorIds, setMonitorIds] = useState<string[]>(window?.monitor_ids ?? []);
  const [statusPageId, setStatusPageId] = useState(window?.status_page_id ?? '');
  const [timezone, setTimezone] = useState(window?.timezone ?? defaultTimezone);
  const [startsAt, setStartsAt] = useState(times.starts_at);
  const [endsAt, setEndsAt] = useState(times.ends_at);
  const [repeat, setRepeat] = useState<RepeatChoice>(repeatChoiceOf(window?.rrule ?? null, times.starts_at));
  const [mode, setMode] = useState<MaintenanceMode>(window?.mode ?? 'mute_alerts');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { monitors: useId(), mode: useId(), covers: useId() };
  // The page list arrives after the form opens: until one is picked, the first is the choice.
  const chosenPage = statusPageId || statusPages[0]?.id || '';

  const zones = timezones.some((zone) => zone.value === timezone) ? timezones : [{ value: timezone, label: timezone }, ...timezones];
  const toggleMonitor = (id: string) => setMonitorIds((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));
  const toggleDay = (code: WeekdayCode) =>
    setRepeat((current) => {
      const days = current.days.includes(code) ? current.days.filter((day) => day !== code) : [...current.days, code];
      return { ...current, days: WEEKDAYS.map((day) => day.code).filter((day) => days.includes(day)) };
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const saved = await save(window?.id ?? null, {
        title,
        description: description.trim() || null,
        timezone,
        starts_at: startsAt,
        ends_at: endsAt,
        rrule: ruleOf(repeat),
        ...(coverage === 'page' ? { status_page_id: chosenPage || null } : { monitor_ids: monitorIds, status_page_id: null }),
        mode,
      });
      onDone(saved);
    } catch (cause) {
      setFailure(errorMessage(cause, MAINTENANCE_TEXT.failedToSave));
      setSaving(false);
    }
  };

  return (
    <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
      {failure && <Alert>{failure}</Alert>}
      <TextField label={MAINTENANCE_TEXT.fieldTitle} value={title} maxLength={100} required onChange={(event) => setTitle(event.target.value)} />
      <TextAreaField label={MAINTENANCE_TEXT.fieldDescription} value={description} maxLength={1000} rows={2} onChange={(event) => setDescription(event.target.value)} />

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{MAINTENANCE_TEXT.fieldCovers}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {COVERAGES.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" name={ids.covers} className="size-4 border-slate-300" checked={coverage === option} onChange={() => setCoverage(option)} />
              {MAINTENANCE_TEXT.covers[option]}
            </label>
          ))}
        </div>
      </fieldset>

      {coverage === 'page' ? (
        statusPages.length === 0 ? (
          <p className="text-sm text-slate-500">{MAINTENANCE_TEXT.noStatusPages}</p>
        ) : (
          <SelectField
            label={MAINTENANCE_TEXT.fieldStatusPage}
            hint={MAINTENANCE_TEXT.statusPageHint}
            value={chosenPage}
            options={statusPages.map((page) => ({ value: page.id, label: page.name }))}
            onChange={(event) => setStatusPageId(event.target.value)}
          />
        )
      ) : (
        <fieldset aria-describedby={monitors.length ? undefined : ids.monitors}>
          <legend className="text-sm font-medium text-slate-700">{MAINTENANCE_TEXT.fieldMonitors}</legend>
          {monitors.length === 0 ? (
            <p id={ids.monitors} className="mt-1 text-sm text-slate-500">
              {MAINTENANCE_TEXT.noMonitors}
            </p>
          ) : (
            <div className="mt-2 grid max-h-40 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
              {monitors.map((monitor) => (
                <label key={monitor.id} className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" className="size-4 rounded border-slate-300" checked={monitorIds.includes(monitor.id)} onChange={() => toggleMonitor(monitor.id)} />
                  <span className="truncate">{monitor.name}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
      )}

      <SelectField label={MAINTENANCE_TEXT.fieldTimezone} value={timezone} options={zones.map((zone) => ({ value: zone.value, label: zone.label }))} onChange={(event) => setTimezone(event.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={MAINTENANCE_TEXT.fieldStart} type="datetime-local" value={startsAt} required onChange={(event) => setStartsAt(event.target.value)} />
        <TextField label={MAINTENANCE_TEXT.fieldEnd} type="datetime-local" value={endsAt} required onChange={(event) => setEndsAt(event.target.value)} />
      </div>

      <SelectField
        label={MAINTENANCE_TEXT.fieldRepeat}
        value={repeat.kind}
        options={REPEAT_KINDS.map((kind) => ({ value: kind, label: MAINTENANCE_TEXT.repeat[kind] }))}
        onChange={(event) => setRepeat((current) => ({ ...current, kind: event.target.value as RepeatChoice['kind'] }))}
      />
      {repeat.kind === 'weekly' && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            {MAINTENANCE_TEXT.fieldDays}
          </legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {WEEKDAYS.map((day) => (
              <label key={day.code} className="flex items-center gap-1.5 text-sm text-slate-700">
                <input
                  type="checkbox"
                  aria-label={day.name}
                  className="size-4 rounded border-slate-300"
                  checked={repeat.days.includes(day.code)}
                  onChange={() => toggleDay(day.code)}
                />
                <span aria-hidden="true">{day.short}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {repeat.kind === 'custom' && (
        <TextField
          label={MAINTENANCE_TEXT.fieldCustom}
          hint={MAINTENANCE_TEXT.customHint}
          value={repeat.custom}
          className="font-mono"
          onChange={(event) => setRepeat((current) => ({ ...current, custom: event.target.value }))}
        />
      )}

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{MAINTENANCE_TEXT.fieldMode}</legend>
        <div className="mt-2 space-y-2">
          {MODES.map((option) => (
            <div key={option} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                id={`${ids.mode}-${option}`}
                name={ids.mode}
                aria-describedby={`${ids.mode}-${option}-hint`}
                className="mt-0.5 size-4 border-slate-300"
                checked={mode === option}
                onChange={() => setMode(option)}
              />
              <div>
                <label htmlFor={`${ids.mode}-${option}`} className="font-medium text-slate-900">
                  {MAINTENANCE_TEXT.mode[option]}
                </label>
                <p id={`${ids.mode}-${option}-hint`} className="text-slate-500">
                  {MAINTENANCE_TEXT.modeHint[option]}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {MAINTENANCE_TEXT.cancel}
        </Button>
        <Button type="submit" loading={saving}>
          {window ? MAINTENANCE_TEXT.save : MAINTENANCE_TEXT.create}
        </Button>
      </div>
    </form>
  );
}
