import { SelectField } from '@/components/ui/form-field';
import type { IncidentsQuery } from '../api/get-incidents';
import { STATUS_FILTERS, TYPE_FILTERS, type FilterOption } from '../utils/filters';

const asOptions = <T extends string>(filters: readonly FilterOption<T>[]) =>
  filters.map((filter) => ({ value: filter.value ?? '', label: filter.label }));

const statusOptions = asOptions(STATUS_FILTERS);
const typeOptions = asOptions(TYPE_FILTERS);

interface IncidentFiltersProps {
  query: IncidentsQuery;
  onChange: (query: IncidentsQuery) => void;
}

/** docs/product-rules.md "Incidents and their texts": status (All Status, Open, Resolved) and type (All Types, Down, Recovered); a change starts at page 1. */
export function IncidentFilters({ query, onChange }: IncidentFiltersProps) {
  return (
    <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:max-w-xl sm:grid-cols-2" role="group" aria-label="Filter incidents">
      <SelectField
        label="Status"
        name="status_filter"
        options={statusOptions}
        value={query.status ?? ''}
        onChange={(event) =>
          onChange({ ...query, page: 1, status: STATUS_FILTERS.find((f) => (f.value ?? '') === event.target.value)?.value ?? null })
        }
      />
      <SelectField
        label="Type"
        name="alert_type_filter"
        options={typeOptions}
        value={query.type ?? ''}
        onChange={(event) =>
          onChange({ ...query, page: 1, type: TYPE_FILTERS.find((f) => (f.value ?? '') === event.target.value)?.value ?? null })
        }
      />
    </div>
  );
}
