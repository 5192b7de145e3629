import { MONITOR_TYPE_LABELS, MONITOR_TYPES, type MonitorType } from '@shared/monitors/monitor-types.js';
import { SelectField } from '@/components/ui/form-field';
import { spaMonitorType } from '@/components/monitor-types';
import type { TypeValues } from '../utils/monitor-type-values';

export function MonitorTypeChooser({ value, onChange }: { value: MonitorType; onChange: (type: MonitorType) => void }) {
  return (
    <SelectField
      label="Monitor type"
      name="monitor_type"
      options={MONITOR_TYPES.map((type) => ({ value: type, label: MONITOR_TYPE_LABELS[type] }))}
      value={value}
      onChange={(event) => onChange(event.target.value as MonitorType)}
      // What each type watches (its module in types/).
      hint={spaMonitorType(value).hint}
    />
  );
}

interface TypeFieldsProps {
  values: TypeValues;
  onChange: (values: TypeValues) => void;
  errors: Partial<Record<string, string>>;
}

/** The fields of the chosen type, from its module in types/ (an HTTP monitor has its URL field and the Advanced part). */
export function MonitorTypeFields({ values, onChange, errors }: TypeFieldsProps) {
  const { Fields } = spaMonitorType(values.monitor_type);
  if (!Fields) return null;
  return (
    <Fields
      values={values as unknown as Record<string, string>}
      onChange={(changed) => onChange({ ...values, ...changed })}
      errors={errors}
    />
  );
}
