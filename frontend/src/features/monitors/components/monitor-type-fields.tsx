import { DNS_RECORD_TYPES, HEARTBEAT_GRACE_RANGE, MONITOR_TYPE_LABELS, MONITOR_TYPES, type MonitorType } from '@shared/monitors/monitor-types.js';
import { SelectField, TextField } from '@/components/ui/form-field';
import type { TypeValues } from '../utils/monitor-type-values';

/** What each type watches, under the chooser. */
const TYPE_HINTS: Record<MonitorType, string> = {
  http: 'Checks that a web page or API answers.',
  heartbeat: 'Your cron job or worker calls a secret URL; you hear from us when it stops.',
  tcp: 'Checks that a port (database, mail server, game server...) accepts connections.',
  dns: 'Checks that a domain name resolves, optionally to the value you expect.',
};

export function MonitorTypeChooser({ value, onChange }: { value: MonitorType; onChange: (type: MonitorType) => void }) {
  return (
    <SelectField
      label="Monitor type"
      name="monitor_type"
      options={MONITOR_TYPES.map((type) => ({ value: type, label: MONITOR_TYPE_LABELS[type] }))}
      value={value}
      onChange={(event) => onChange(event.target.value as MonitorType)}
      hint={TYPE_HINTS[value]}
    />
  );
}

interface TypeFieldsProps {
  values: TypeValues;
  onChange: (values: TypeValues) => void;
  errors: Partial<Record<string, string>>;
}

/** The fields of a TCP, DNS or heartbeat monitor (an HTTP monitor has its URL field and the Advanced part). */
export function MonitorTypeFields({ values, onChange, errors }: TypeFieldsProps) {
  const field = (key: keyof TypeValues) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value }),
    error: errors[key],
  });
  if (values.monitor_type === 'tcp') {
    return (
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="Host" placeholder="db.example.com" autoComplete="off" className="sm:col-span-2" {...field('host')} />
        <TextField label="Port" type="number" inputMode="numeric" min={1} max={65535} placeholder="5432" {...field('port')} />
      </div>
    );
  }
  if (values.monitor_type === 'dns') {
    return (
      <div className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField label="Hostname" placeholder="example.com" autoComplete="off" className="sm:col-span-2" {...field('hostname')} />
          <SelectField label="Record type" options={DNS_RECORD_TYPES.map((type) => ({ value: type, label: type }))} {...field('record_type')} />
        </div>
        <TextField label="Expected value (optional)" placeholder="93.184.216.34" hint="Down when no record has this value (TXT: contains it)." {...field('expected_value')} />
      </div>
    );
  }
  if (values.monitor_type === 'heartbeat') {
    return (
      <TextField
        label="Grace time (seconds)"
        type="number"
        inputMode="numeric"
        min={HEARTBEAT_GRACE_RANGE.min}
        max={HEARTBEAT_GRACE_RANGE.max}
        hint="How late a ping may be before the monitor is down. The push URL for your job is shown once the monitor is saved."
        {...field('heartbeat_grace_seconds')}
      />
    );
  }
  return null;
}
