import { useState, type FormEvent } from 'react';
import {
  CreateMonitorInput,
  DEFAULT_CHECK_INTERVAL,
  DEFAULT_SLOW_THRESHOLD,
  DEFAULT_TIMEOUT,
  SLOW_THRESHOLD_RANGE,
  type Monitor,
} from '../../../../../shared/monitors/schemas.js';
import { TEXT } from '../../../../../shared/texts.js';
import { tierOf } from '../../../../../shared/tiers.js';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/session';
import { useSubscriptionLimits } from '../../../lib/subscription';
import { fieldErrors } from '../../../utils/field-errors';
import { useCreateMonitor } from '../api/create-monitor';
import { useUpdateMonitor } from '../api/update-monitor';
import { MONITOR_TEXT } from '../texts';
import { intervalChoices, intervalHint, timeoutChoices } from '../utils/format';
import { isPlanLimitError } from '../utils/plan';
import { advancedInput, advancedProblem, advancedValuesOf, usesAdvanced, type AdvancedValues } from '../utils/advanced-options';
import { AdvancedOptions } from './advanced-options';
import { MonitorTypeChooser, MonitorTypeFields } from './monitor-type-fields';
import { HeartbeatPushUrl } from '../../../components/ui/heartbeat-push-url';
import { typeInput, typeProblem, typeValuesOf, type TypeValues } from '../utils/monitor-type-values';
import { MONITOR_TYPE_LABELS } from '../../../../../shared/monitors/monitor-types.js';
import { UpgradePlans } from './upgrade-plans';
import { DialogActions } from './dialog-actions';

type Field = 'name' | 'url' | 'check_interval' | 'timeout' | 'slow_threshold';
// The slow threshold is edited as typed (a decimal number of seconds) and parsed on save.
type Values = Pick<Monitor, Exclude<Field, 'slow_threshold'>> & { slow_threshold: string };

const valuesOf = (monitor: Monitor | null): Values =>
  monitor
    ? {
        name: monitor.name,
        url: monitor.url,
        check_interval: monitor.check_interval,
        timeout: monitor.timeout,
        slow_threshold: String(monitor.slow_threshold),
      }
    : { name: '', url: '', check_interval: DEFAULT_CHECK_INTERVAL, timeout: DEFAULT_TIMEOUT, slow_threshold: String(DEFAULT_SLOW_THRESHOLD) };

interface MonitorModalProps {
  monitor: Monitor | null;
  onClose: () => void;
  /**
   * Opens straight on the Upgrade Your Plan view with this reason: Add Monitor at the monitor
   * limit says why and leads to upgrading before the user fills a form in vain.
   */
  upgradeFirst?: string | null;
}

/**
 * Add Monitor, or Edit Monitor when given one (spec §2): validated with the API's own schemas,
 * saved with POST or PUT (the four fields, and the collapsed Advanced part: docs/checks.md). A save refused for the monitor limit or the plan turns
 * the modal into the Upgrade Your Plan view; Back returns to the form as it was. Intervals the
 * plan does not allow are shown locked with the plan that allows them.
 */
export function MonitorModal({ monitor, onClose, upgradeFirst = null }: MonitorModalProps) {
  const editing = monitor !== null;
  const create = useCreateMonitor();
  const update = useUpdateMonitor();
  const { data: limits } = useSubscriptionLimits();
  const { user } = useAuth();
  const tier = limits?.tier ?? user?.subscription_tier ?? 'free';
  const [values, setValues] = useState<Values>(() => valuesOf(monitor));
  const [advanced, setAdvanced] = useState<AdvancedValues>(() => advancedValuesOf(monitor));
  const [typed, setTyped] = useState<TypeValues>(() => typeValuesOf(monitor));
  const type = typed.monitor_type;
  const [advancedOpen, setAdvancedOpen] = useState(() => usesAdvanced(advancedValuesOf(monitor)));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [upgradeReason, setUpgradeReason] = useState<string | null>(upgradeFirst);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The edit form sends all four fields, so the create rules (including timeout <= interval) are
    // exactly what the server checks on the edited monitor.
    const slowThreshold = values.slow_threshold.trim() === '' ? Number.NaN : Number(values.slow_threshold);
    // The Advanced part (request options, assertions) goes with every save, checked by the same rules.
    // An HTTP monitor sends its URL and Advanced part (today's payload); another type its own fields.
    const options = type === 'http' ? advancedInput(advanced, monitor?.basic_auth?.has_password ?? false) : {};
    const { url, ...common } = values;
    const parsed = CreateMonitorInput.safeParse({
      ...common,
      ...(type === 'http' ? { url } : {}),
      slow_threshold: slowThreshold,
      ...options,
      ...typeInput(typed),
    });
    const problem = parsed.success ? (typeProblem(parsed.data) ?? (type === 'http' ? advancedProblem(options, parsed.data.timeout) : null)) : null;
    if (!parsed.success || problem) {
      const found = parsed.success ? { [problem!.field]: problem!.message } : fieldErrors<string>(parsed.error);
      setErrors(found);
      const typeFields = ['monitor_type', 'host', 'port', 'hostname', 'record_type', 'expected_value', 'heartbeat_grace_seconds'];
      const basic = ['name', 'url', 'check_interval', 'timeout', 'slow_threshold', ...typeFields];
      if (Object.keys(found).some((field) => !basic.includes(field))) setAdvancedOpen(true);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (monitor) await update(monitor.id, parsed.data);
      else await create(parsed.data);
      onClose();
    } catch (error) {
      const message = errorMessage(error, editing ? MONITOR_TEXT.failedToUpdateMonitor : TEXT.failedToCreateMonitor);
      if (isPlanLimitError(error)) setUpgradeReason(message);
      else setFailure(message);
      setSaving(false);
    }
  };

  const formTitle = editing ? 'Edit Monitor' : MONITOR_TEXT.addMonitor;
  return (
    <Modal open title={upgradeReason ? MONITOR_TEXT.upgradeYourPlan : formTitle} onClose={onClose} size={upgradeReason ? 'lg' : 'md'}>
      {upgradeReason ? (
        <UpgradePlans
          tier={tier}
          reason={upgradeReason} onBack={upgradeFirst ? onClose : () => setUpgradeReason(null)}
          backLabel={upgradeFirst ? 'Close' : 'Back'}
        />
      ) : (
        <form className="space-y-5" onSubmit={submit} noValidate aria-label={formTitle}>
          {failure && <Alert>{failure}</Alert>}
          <TextField
            label="Monitor Name"
            name="name"
            placeholder="My website"
            autoComplete="off"
            maxLength={100}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            error={errors.name}
          />
          {editing ? (
            // A monitor's type is fixed once it exists (docs/checks.md "Monitor types"): shown, not offered.
            <p className="text-sm text-slate-600" data-testid="monitor-type">
              Type: <span className="font-medium text-slate-900">{MONITOR_TYPE_LABELS[type]}</span>
            </p>
          ) : (
            <MonitorTypeChooser value={type} onChange={(monitorType) => setTyped({ ...typed, monitor_type: monitorType })} />
          )}
          {type === 'http' ? (
            <TextField
              label="Website URL"
              name="url"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com"
              value={values.url}
              onChange={(event) => setValues({ ...values, url: event.target.value })}
              error={errors.url}
            />
          ) : (
            <MonitorTypeFields values={typed} onChange={setTyped} errors={errors} />
          )}
          {type === 'heartbeat' && monitor?.heartbeat_url && <HeartbeatPushUrl url={monitor.heartbeat_url} />}
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label={type === 'heartbeat' ? 'Expected every' : 'Check Interval'}
              name="check_interval"
              options={intervalChoices(tierOf(tier), monitor?.check_interval)}
              hint={intervalHint(tierOf(tier))}
              value={values.check_interval}
              onChange={(event) => setValues({ ...values, check_interval: Number(event.target.value) })}
              error={errors.check_interval}
            />
            {type !== 'heartbeat' && (
              <SelectField
                label="Timeout"
                name="timeout"
                options={timeoutChoices(monitor?.timeout)}
                value={values.timeout}
                onChange={(event) => setValues({ ...values, timeout: Number(event.target.value) })}
                error={errors.timeout}
              />
            )}
          </div>
          {type !== 'heartbeat' && (
          <TextField
            label="Slow threshold (seconds)"
            name="slow_threshold"
            type="number"
            inputMode="decimal"
            min={SLOW_THRESHOLD_RANGE.min}
            max={values.timeout}
            step={0.1}
            value={values.slow_threshold}
            onChange={(event) => setValues({ ...values, slow_threshold: event.target.value })}
            error={errors.slow_threshold}
            hint={`A response slower than this shows the monitor as Degraded. Default ${DEFAULT_SLOW_THRESHOLD} s; at most the timeout.`}
          />
          )}
          {type === 'http' && (
            <AdvancedOptions
              values={advanced}
              onChange={setAdvanced}
              errors={errors}
              hasPassword={monitor?.basic_auth?.has_password ?? false}
              open={advancedOpen}
              onToggle={setAdvancedOpen}
            />
          )}
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save Changes' : MONITOR_TEXT.addMonitor}
            </Button>
          </DialogActions>
        </form>
      )}
    </Modal>
  );
}
