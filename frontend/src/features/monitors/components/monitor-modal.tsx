import { useState, type FormEvent } from 'react';
import { DEFAULT_SLOW_THRESHOLD, MonitorChannelIds, SLOW_THRESHOLD_RANGE, type Monitor } from '@shared/monitors/schemas.js';
import { TEXT } from '@shared/texts.js';
import { tierOf } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useChannels } from '@/lib/channels';
import { useSubscriptionLimits } from '@/lib/subscription';
import { useCreateMonitor } from '../api/create-monitor';
import { useUpdateMonitor } from '../api/update-monitor';
import { MONITOR_TEXT } from '../texts';
import { intervalChoices, intervalHint, timeoutChoices } from '../utils/format';
import { isPlanLimitError } from '../utils/plan';
import { advancedValuesOf, usesAdvanced, type AdvancedValues } from '../utils/advanced-options';
import { checkMonitorForm, hasAdvancedError, monitorFormValuesOf, type MonitorFormValues } from '../utils/monitor-form';
import { AdvancedOptions } from './advanced-options';
import { MonitorTypeChooser, MonitorTypeFields } from './monitor-type-fields';
import { typeValuesOf, type TypeValues } from '../utils/monitor-type-values';
import { MONITOR_TYPE_LABELS } from '@shared/monitors/monitor-types.js';
import { addsDefaultScheme, willCheckText } from '@shared/monitors/monitor-url.js';
import { spaMonitorType, takesAllOptions, targetIsUrl } from '@/components/monitor-types';
import { UpgradePlans } from './upgrade-plans';
import { ModalActions } from '@/components/ui/modal-actions';
import { AlertChannelsField } from './alert-channels-field';
import { AlertRulesField } from './alert-rules-field';
import { checkRulesDraft, draftOfRules, type AlertRulesCheck, type AlertRulesDraft } from '@/lib/alert-rules';
import { useWorkspaceTier } from '@/lib/workspace';

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
 * Add Monitor, or Edit Monitor when given one (docs/product-rules.md "Monitors and their states"): validated with the API's own schemas,
 * saved with POST or PUT (the four fields, the alert channels and rules (docs/alerts.md "Alert rules"), and the collapsed Advanced part: docs/checks.md). A save refused for the monitor limit or the plan turns
 * the modal into the Upgrade Your Plan view; Back returns to the form as it was. Intervals the
 * plan does not allow are shown locked with the plan that allows them. The fields are checked on
 * the first save; from then on they are checked again as the user types, so a message goes as soon
 * as its field is right (docs/live-status.md).
 */
export function MonitorModal({ monitor, onClose, upgradeFirst = null }: MonitorModalProps) {
  const editing = monitor !== null;
  const create = useCreateMonitor();
  const update = useUpdateMonitor();
  const { data: limits } = useSubscriptionLimits();
  const { data: channelList } = useChannels();
  const workspaceTier = useWorkspaceTier();
  const tier = limits?.tier ?? workspaceTier ?? 'free';
  const hadPassword = monitor?.basic_auth?.has_password ?? false;
  const [values, setValues] = useState<MonitorFormValues>(() => monitorFormValuesOf(monitor));
  const [advanced, setAdvanced] = useState<AdvancedValues>(() => advancedValuesOf(monitor));
  const [typed, setTyped] = useState<TypeValues>(() => typeValuesOf(monitor));
  // null: the account's default channels (docs/alerts.md "Which channels a monitor uses").
  const [channelIds, setChannelIds] = useState<string[] | null>(() => monitor?.channel_ids ?? null);
  // null: the account's alert rules (docs/alerts.md "Alert rules").
  const [rules, setRules] = useState<AlertRulesDraft | null>(() => (monitor?.alert_rules ? draftOfRules(monitor.alert_rules) : null));
  const type = typed.monitor_type;
  const { timed, intervalLabel, SavedNotice } = spaMonitorType(type);
  const [advancedOpen, setAdvancedOpen] = useState(() => usesAdvanced(advancedValuesOf(monitor)));
  // Set by the first save: from then on the messages follow the fields as they are now.
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [upgradeReason, setUpgradeReason] = useState<string | null>(upgradeFirst);
  const [saving, setSaving] = useState(false);
  // A new monitor whose type has something to show once saved (a heartbeat's push URL): the modal
  // shows it straight away instead of closing (docs/checks.md "Heartbeat monitors").
  const [saved, setSaved] = useState<Monitor | null>(null);

  const check = checkMonitorForm(values, advanced, hadPassword, typed);
  const errors = tried && !check.ok ? check.errors : {};
  const channelCheck = MonitorChannelIds.safeParse(channelIds);
  const channelError = tried && !channelCheck.success ? channelCheck.error.issues[0]?.message : undefined;
  const rulesCheck: AlertRulesCheck | null = rules === null ? null : checkRulesDraft(rules, channelList?.channels);
  const rulesErrors = tried && rulesCheck && !rulesCheck.ok ? rulesCheck.errors : {};

  // A change answers the save's failure too: the banner spoke of what was there before.
  const change = (next: MonitorFormValues) => {
    setValues(next);
    setFailure(null);
  };
  const changeAdvanced = (next: AdvancedValues) => {
    setAdvanced(next);
    setFailure(null);
  };
  const changeType = (next: TypeValues) => {
    setTyped(next);
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setTried(true);
    if (!check.ok) {
      if (hasAdvancedError(check.errors)) setAdvancedOpen(true);
      return;
    }
    if (!channelCheck.success || (rulesCheck && !rulesCheck.ok)) return;
    const input = { ...check.input, channel_ids: channelCheck.data, alert_rules: rulesCheck ? rulesCheck.rules : null };
    setSaving(true);
    try {
      if (monitor) await update(monitor.id, input);
      else {
        const created = await create(input);
        if (SavedNotice) {
          setSaved(created);
          setSaving(false);
          return;
        }
      }
      onClose();
    } catch (error) {
      const message = errorMessage(error, editing ? MONITOR_TEXT.failedToUpdateMonitor : TEXT.failedToCreateMonitor);
      if (isPlanLimitError(error)) setUpgradeReason(message);
      else setFailure(message);
      setSaving(false);
    }
  };

  const formTitle = editing ? 'Edit Monitor' : MONITOR_TEXT.addMonitor;
  if (saved && SavedNotice) {
    return (
      <Modal open title={MONITOR_TEXT.monitorAdded} onClose={onClose}>
        <div className="space-y-5" data-testid="monitor-saved">
          <p className="text-sm text-slate-600">
            <span className="font-medium break-words text-slate-900">{saved.name}</span> {MONITOR_TEXT.savedNoticeIntro}
          </p>
          <SavedNotice monitor={saved} />
          <ModalActions>
            <Button onClick={onClose}>{MONITOR_TEXT.done}</Button>
          </ModalActions>
        </div>
      </Modal>
    );
  }
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
            onChange={(event) => change({ ...values, name: event.target.value })}
            error={errors.name}
          />
          {editing ? (
            // A monitor's type is fixed once it exists (docs/checks.md "Monitor types"): shown, not offered.
            <p className="text-sm text-slate-600" data-testid="monitor-type">
              Type: <span className="font-medium text-slate-900">{MONITOR_TYPE_LABELS[type]}</span>
            </p>
          ) : (
            <MonitorTypeChooser value={type} onChange={(monitorType) => changeType({ ...typed, monitor_type: monitorType })} />
          )}
          {targetIsUrl(type) ? (
            <TextField
              label="Website URL"
              name="url"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com"
              value={values.url}
              onChange={(event) => change({ ...values, url: event.target.value })}
              error={errors.url}
              hint={addsDefaultScheme(values.url) ? willCheckText(values.url) : undefined}
            />
          ) : (
            <MonitorTypeFields values={typed} onChange={changeType} errors={errors} />
          )}
          {SavedNotice && monitor && <SavedNotice monitor={monitor} />}
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label={intervalLabel}
              name="check_interval"
              options={intervalChoices(tierOf(tier), monitor?.check_interval)}
              hint={intervalHint(tierOf(tier))}
              value={values.check_interval}
              onChange={(event) => change({ ...values, check_interval: Number(event.target.value) })}
              error={errors.check_interval}
            />
            {timed && (
              <SelectField
                label="Timeout"
                name="timeout"
                options={timeoutChoices(monitor?.timeout)}
                value={values.timeout}
                onChange={(event) => change({ ...values, timeout: Number(event.target.value) })}
                error={errors.timeout}
              />
            )}
          </div>
          {timed && (
            <TextField
              label="Slow threshold (seconds)"
              name="slow_threshold"
              type="number"
              inputMode="decimal"
              min={SLOW_THRESHOLD_RANGE.min}
              max={values.timeout}
              step={0.1}
              value={values.slow_threshold}
              onChange={(event) => change({ ...values, slow_threshold: event.target.value })}
              error={errors.slow_threshold}
              hint={`A response slower than this shows the monitor as Degraded. Default ${DEFAULT_SLOW_THRESHOLD} s; at most the timeout.`}
            />
          )}
          <AlertChannelsField
            value={channelIds}
            onChange={(next) => {
              setChannelIds(next);
              setFailure(null);
            }}
            error={channelError}
          />
          <AlertRulesField
            value={rules}
            onChange={(next) => {
              setRules(next);
              setFailure(null);
            }}
            errors={rulesErrors}
          />
          {takesAllOptions(type) && (
            <AdvancedOptions
              values={advanced}
              onChange={changeAdvanced}
              errors={errors}
              hasPassword={hadPassword}
              open={advancedOpen}
              onToggle={setAdvancedOpen}
            />
          )}
          <ModalActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save Changes' : MONITOR_TEXT.addMonitor}
            </Button>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
