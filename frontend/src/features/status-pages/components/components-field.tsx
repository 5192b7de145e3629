import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { STATUS_PAGE_LIMITS } from '@shared/status-pages/schemas.js';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { CloseIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMonitorChoices, type MonitorChoice } from '../api/get-monitor-choices';
import { STATUS_PAGE_TEXT } from '../texts';
import { groupsUsed, moved, type ComponentDraft, type PageFormErrors } from '../utils/page-form';

/** Above this many monitors the picker offers a filter. */
const FILTER_FROM = 8;

interface ComponentsFieldProps {
  value: ComponentDraft[];
  onChange: (next: ComponentDraft[]) => void;
  /** The form's errors: `components` for the list as a whole, `components.<i>.<field>` for one row's field. */
  errors: PageFormErrors;
}

/**
 * The page's components (docs/status-pages.md "Managing pages"): the account's monitors to tick,
 * and the chosen ones in the page's order, each with an optional public name and group (the groups
 * already used are offered), moved with up and down buttons.
 */
export function ComponentsField({ value, onChange, errors }: ComponentsFieldProps) {
  const { data: monitors, error, mutate } = useMonitorChoices();
  const groupListId = useId();
  const [filter, setFilter] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // After a move, focus stays on the moved row's button (or its other one, at an end of the list).
  const [focusAfterMove, setFocusAfterMove] = useState<{ monitorId: string; direction: 'up' | 'down' } | null>(null);

  const byId = useMemo(() => new Map((monitors ?? []).map((monitor) => [monitor.id, monitor])), [monitors]);
  const chosen = new Set(value.map((component) => component.monitor_id));
  const groups = groupsUsed(value);
  const term = filter.trim().toLowerCase();
  const shown = (monitors ?? []).filter(
    (monitor) => !term || monitor.name.toLowerCase().includes(term) || monitor.url.toLowerCase().includes(term),
  );

  useEffect(() => {
    if (!focusAfterMove || !list.current) return;
    const row = [...list.current.querySelectorAll<HTMLElement>('[data-monitor]')].find((item) => item.dataset.monitor === focusAfterMove.monitorId);
    const buttons = (direction: string) => row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`);
    const wanted = buttons(focusAfterMove.direction);
    (wanted && !wanted.disabled ? wanted : buttons(focusAfterMove.direction === 'up' ? 'down' : 'up'))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const toggle = (monitor: MonitorChoice, on: boolean) =>
    onChange(on ? [...value, { monitor_id: monitor.id, display_name: '', group: '' }] : value.filter((component) => component.monitor_id !== monitor.id));
  const edit = (index: number, patch: Partial<ComponentDraft>) =>
    onChange(value.map((component, at) => (at === index ? { ...component, ...patch } : component)));
  const move = (index: number, direction: 'up' | 'down') => {
    onChange(moved(value, index, direction === 'up' ? -1 : 1));
    setFocusAfterMove({ monitorId: value[index]!.monitor_id, direction });
  };
  const nameOf = (component: ComponentDraft): string => byId.get(component.monitor_id)?.name ?? component.display_name;

  return (
    <div className="space-y-5">
      {errors.components && (
        <p className="text-sm text-red-600" role="alert" data-testid="components-error">
          {errors.components}
        </p>
      )}

      <div className="space-y-2">
        <h3 className="text-sm font-medium text-slate-700">{STATUS_PAGE_TEXT.yourMonitors}</h3>
        {error && !monitors ? (
          <LoadError error={error} fallback={STATUS_PAGE_TEXT.failedToLoadMonitors} onRetry={() => void mutate()} />
        ) : !monitors ? (
          <div className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="size-4 text-indigo-600" />
            {STATUS_PAGE_TEXT.loadingMonitors}
          </div>
        ) : monitors.length === 0 ? (
          <p className="text-sm text-slate-600">
            {STATUS_PAGE_TEXT.noMonitors}{' '}
            <Link to={paths.app.monitors} className="font-medium text-indigo-700 hover:underline">
              Go to Monitors
            </Link>
          </p>
        ) : (
          <>
            {monitors.length > FILTER_FROM && (
              <TextField label="Find a monitor" type="search" autoComplete="off" value={filter} onChange={(event) => setFilter(event.target.value)} />
            )}
            <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200" aria-label={STATUS_PAGE_TEXT.yourMonitors}>
              {shown.map((monitor) => (
                <li key={monitor.id}>
                  <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                      checked={chosen.has(monitor.id)}
                      onChange={(event) => toggle(monitor, event.target.checked)}
                    />
                    <span className="min-w-0">
                      <span className="block text-sm font-medium break-words text-slate-900">{monitor.name}</span>
                      <span className="block truncate text-xs text-slate-500">{monitor.url}</span>
                    </span>
                  </label>
                </li>
              ))}
              {shown.length === 0 && <li className="px-3 py-2.5 text-sm text-slate-600">No monitor’s name or URL contains “{filter.trim()}”.</li>}
            </ul>
          </>
        )}
      </div>

      <div className="space-y-2">
        <h3 className="text-sm font-medium text-slate-700">
          On the page ({value.length} of {STATUS_PAGE_LIMITS.componentsMax} at most)
        </h3>
        {value.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-3 py-4 text-sm text-slate-600">{STATUS_PAGE_TEXT.noneChosen}</p>
        ) : (
          <ol ref={list} className="space-y-3">
            {value.map((component, index) => {
              const name = nameOf(component);
              return (
                <li key={component.monitor_id} data-monitor={component.monitor_id} className="rounded-lg p-3 ring-1 ring-slate-200">
                  <div role="group" aria-labelledby={`${groupListId}-${index}`}>
                    <div className="flex items-start justify-between gap-2">
                      <p id={`${groupListId}-${index}`} className="min-w-0 text-sm font-medium break-words text-slate-900">
                        <span className="text-slate-500">{index + 1}.</span> {name}
                      </p>
                      <div className="flex shrink-0 gap-1">
                        <Button variant="ghost" size="sm" data-move="up" disabled={index === 0} aria-label={`Move ${name} up`} onClick={() => move(index, 'up')}>
                          <span aria-hidden="true">↑</span>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          data-move="down"
                          disabled={index === value.length - 1}
                          aria-label={`Move ${name} down`}
                          onClick={() => move(index, 'down')}
                        >
                          <span aria-hidden="true">↓</span>
                        </Button>
                        <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} onClick={() => onChange(value.filter((_, at) => at !== index))}>
                          <CloseIcon className="size-4" />
                        </Button>
                      </div>
                    </div>
                    <div className="mt-3 grid gap-3 sm:grid-cols-2">
                      <TextField
                        label={STATUS_PAGE_TEXT.displayName}
                        autoComplete="off"
                        maxLength={STATUS_PAGE_LIMITS.displayNameMax}
                        placeholder={byId.get(component.monitor_id)?.name ?? ''}
                        value={component.display_name}
                        onChange={(event) => edit(index, { display_name: event.target.value })}
                        error={errors[`components.${index}.display_name`]}
                      />
                      <TextField
                        label={STATUS_PAGE_TEXT.group}
                        autoComplete="off"
                        list={groupListId}
                        maxLength={STATUS_PAGE_LIMITS.groupNameMax}
                        value={component.group}
                        onChange={(event) => edit(index, { group: event.target.value })}
                        error={errors[`components.${index}.group`]}
                      />
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <datalist id={groupListId}>
          {groups.map((group) => (
            <option key={group} value={group} />
          ))}
        </datalist>
      </div>
    </div>
  );
}
