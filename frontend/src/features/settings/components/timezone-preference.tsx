import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { currentZoneName } from '@shared/account/timezones.js';
import { displayTimeZone } from '@/utils/time';
import { useTimezones } from '../api/get-timezones';
import { useUpdateTimezone } from '../api/update-timezone';
import { useTimedMessage } from '../hooks/use-timed-message';
import { SETTINGS_TEXT, TIMEZONE_SUCCESS_MS } from '../texts';
import { SampleTimestamps } from './sample-timestamps';
import { LoadingLines, SettingsCard } from './settings-card';
import { countOf } from '@shared/texts.js';

const zoneName = (zone: string): string => zone.replaceAll('_', ' ');

/** The browser's own zone, by its current IANA name (Chromium may still report Asia/Calcutta). */
const browserZone = (): string | null => {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? currentZoneName(zone) : null;
  } catch {
    return null;
  }
};

/** Whether a zone matches the search: every word in its name or offset ("kolkata", "new york", "+5:30"). */
const matchesSearch = (label: string, search: string): boolean => {
  const haystack = label.toLowerCase().replaceAll('_', ' ');
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};

/**
 * Display Timezone (docs/product-rules.md "Settings", "Validation rules"): the choice stays pending until Update Timezone is pressed; the
 * button shows only while the selection differs from the saved zone, and is disabled while saving.
 */
export function TimezonePreference() {
  const { user } = useAuth();
  const { data, error, isLoading, mutate } = useTimezones();
  const save = useUpdateTimezone();
  const [selected, setSelected] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [message, showMessage] = useTimedMessage(TIMEZONE_SUCCESS_MS);

  if (error && !data) {
    return (
      <SettingsCard title="Timezone Preference">
        <LoadError error={error} fallback="The timezone list could not be loaded." onRetry={() => void mutate()} />
      </SettingsCard>
    );
  }
  if (isLoading || !data) {
    return (
      <SettingsCard title="Timezone Preference">
        <LoadingLines label="Loading timezones…" />
      </SettingsCard>
    );
  }

  // With nothing saved the API reports UTC, but times are then shown in the browser's zone (docs/product-rules.md "Display rules"):
  // that is the zone the user has now, so it is what "current" means here.
  const saved = user?.timezone ? data.current_timezone : currentZoneName(displayTimeZone());
  const value = selected ?? saved;
  const changed = value !== '' && value !== saved;
  const listed = data.common_timezones.some((zone) => zone.value === saved);
  const all = [
    ...(listed ? [] : [{ value: saved, label: zoneName(saved) }]),
    ...data.common_timezones.map(({ value: zone, label }) => ({ value: zone, label })),
  ];
  // The browser's zone first (the likely choice), then the rest; the search narrows the list but
  // always keeps the zone selected now, so the dropdown never shows a value it does not hold.
  const mine = browserZone();
  const ordered = [
    ...all.filter((option) => option.value === mine).map((option) => ({ ...option, label: `${option.label} · your browser` })),
    ...all.filter((option) => option.value !== mine),
  ];
  const options = search.trim() ? ordered.filter((option) => option.value === value || matchesSearch(option.label, search)) : ordered;

  const update = async () => {
    if (!changed || saving) return;
    setSaving(true);
    showMessage(null);
    try {
      await save(value);
      setSelected(null);
      showMessage({ tone: 'success', text: SETTINGS_TEXT.timezoneUpdated });
    } catch (cause) {
      showMessage({ tone: 'error', text: errorMessage(cause, SETTINGS_TEXT.failedToUpdateTimezone) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard
      title="Timezone Preference"
      description="Times across Upwatch, such as last checks and incidents, are shown in this timezone."
    >
      <div className="space-y-5">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <TextField
          label="Search timezones"
          type="search"
          name="timezone-search"
          placeholder="City or offset, e.g. Kolkata or +5:30"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          hint={search.trim() ? `${countOf(options.length, 'zone')} shown` : undefined}
        />
        <SelectField
          label="Display Timezone"
          name="timezone"
          value={value}
          disabled={saving}
          onChange={(event) => setSelected(event.target.value)}
          options={options}
          hint={user?.timezone ? undefined : 'No timezone saved yet: times are shown in your browser’s timezone.'}
        />
        {changed && (
          <div className="flex flex-col gap-3 rounded-lg bg-indigo-50/60 p-4 ring-1 ring-indigo-100 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">
              <span className="text-slate-500">Current:</span> <span className="font-medium">{zoneName(saved)}</span>
              <span aria-hidden="true" className="mx-2 text-slate-400">
                →
              </span>
              <span className="sr-only">, </span>
              <span className="text-slate-500">Selected:</span> <span className="font-medium">{zoneName(value)}</span>
            </p>
            <Button onClick={() => void update()} disabled={!value || saving} loading={saving} className="shrink-0">
              {saving ? SETTINGS_TEXT.updating : SETTINGS_TEXT.updateTimezone}
            </Button>
          </div>
        )}
        <SampleTimestamps timeZone={value} />
      </div>
    </SettingsCard>
  );
}
