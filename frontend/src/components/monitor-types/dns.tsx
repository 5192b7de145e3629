import { DNS_RECORD_TYPES, type DnsRecordType } from '@shared/monitors/monitor-types.js';
import { SelectField, TextField } from '../ui/form-field';
import { Fact } from '../ui/fact';
import { bindField, type SpaMonitorType, type TypeFieldsProps } from './contract';

type DnsValues = { hostname: string; record_type: DnsRecordType; expected_value: string };

function DnsFields(props: TypeFieldsProps<DnsValues>) {
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="Hostname" placeholder="example.com" autoComplete="off" className="sm:col-span-2" {...bindField(props, 'hostname')} />
        <SelectField label="Record type" options={DNS_RECORD_TYPES.map((type) => ({ value: type, label: type }))} {...bindField(props, 'record_type')} />
      </div>
      <TextField label="Expected value (optional)" placeholder="93.184.216.34" hint="Down when no record has this value (TXT: contains it)." {...bindField(props, 'expected_value')} />
    </div>
  );
}

/** A DNS monitor: the name, the record type and an optional expected value. */
export const dnsSpaType = {
  hint: 'Checks that a domain name resolves, optionally to the value you expect.',
  timed: true,
  intervalLabel: 'Check Interval',
  valuesOf: (monitor) => ({ hostname: monitor?.hostname ?? '', record_type: monitor?.record_type ?? 'A', expected_value: monitor?.expected_value ?? '' }),
  input: (values) => ({
    monitor_type: 'dns',
    hostname: values.hostname.trim() || undefined,
    record_type: values.record_type,
    expected_value: values.expected_value.trim() || null,
  }),
  Fields: DnsFields,
  CardFacts: ({ monitor }) => (
    <div className="col-span-2" data-testid="dns-record">
      <dt className="text-xs text-slate-500">Record</dt>
      <dd className="mt-0.5 truncate font-medium text-slate-900">
        {monitor.record_type}
        {monitor.expected_value ? ` = ${monitor.expected_value}` : ''}
      </dd>
    </div>
  ),
  TargetFacts: ({ monitor, latest }) => (
    <>
      <Fact label="Record">{`${monitor.record_type} ${monitor.hostname}`}</Fact>
      <Fact label="Expected value">{monitor.expected_value ?? 'Any answer'}</Fact>
      <Fact label="Latest answer">{latest ? (latest.message ?? '—') : 'Not checked yet'}</Fact>
    </>
  ),
  SavedNotice: null,
} satisfies SpaMonitorType<DnsValues>;
