import { useId } from 'react';
import type { ChannelView } from '@shared/alerts/schemas.js';
import { ALERT_RULE_LIMITS } from '@shared/alerts/rules.js';
import { ChannelTypeLabel } from '@/components/channels/channel-type-label';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { PlusIcon } from '@/components/ui/icons';
import { ALERT_RULES_TEXT, renotifyOptions, type AlertRulesDraft, type EscalationStepDraft } from '@/lib/alert-rules';

interface AlertRulesFieldsProps {
  value: AlertRulesDraft;
  onChange: (value: AlertRulesDraft) => void;
  /** The shared schema's messages by dotted field ("escalation.0.channel_ids"), from `checkRulesDraft`. */
  errors: Record<string, string>;
  /** The account's channels, offered to each escalation step. */
  channels: readonly ChannelView[];
}

const { rounds, escalationMinutes, escalationSteps } = ALERT_RULE_LIMITS;

/** One escalation step: after how many minutes, which channels, and a way to remove it. */
function EscalationStepFields({
  index,
  step,
  channels,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  step: EscalationStepDraft;
  channels: readonly ChannelView[];
  errors: Record<string, string>;
  onChange: (step: EscalationStepDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const channelError = errors[`escalation.${index}.channel_ids`];
  const toggle = (channelId: string) =>
    onChange({
      ...step,
      channel_ids: step.channel_ids.includes(channelId) ? step.channel_ids.filter((other) => other !== channelId) : [...step.channel_ids, channelId],
    });
  return (
    <fieldset className="relative rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset" data-testid="escalation-step">
      {/* Floated, the legend sits inside the box like any heading, the Remove button beside it. */}
      <legend className="float-left py-1.5 text-sm font-medium text-slate-700">{`Step ${index + 1}`}</legend>
      <Button variant="ghost" size="sm" className="absolute top-3 right-3" onClick={onRemove} aria-label={`Remove step ${index + 1}`}>
        {ALERT_RULES_TEXT.removeStep}
      </Button>
      <div className="clear-both space-y-3 pt-2">
        <TextField
          label={ALERT_RULES_TEXT.afterMinutes}
          type="number"
          inputMode="numeric"
          min={escalationMinutes.min}
          max={escalationMinutes.max}
          step={1}
          className="max-w-32"
          value={step.after_minutes}
          onChange={(event) => onChange({ ...step, after_minutes: event.target.value })}
          error={errors[`escalation.${index}.after_minutes`]}
        />
        <div role="group" aria-labelledby={`${id}-channels`} aria-describedby={channelError ? `${id}-error` : undefined} className="space-y-1.5">
          <p id={`${id}-channels`} className="text-sm font-medium text-slate-700">
            {ALERT_RULES_TEXT.stepChannels}
          </p>
          {channels.length === 0 ? (
            <p className="text-sm text-slate-500">{ALERT_RULES_TEXT.noChannelsToEscalate}</p>
          ) : (
            channels.map((channel) => (
              <label key={channel.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={step.channel_ids.includes(channel.id)}
                  onChange={() => toggle(channel.id)}
                  className="size-4 rounded border-slate-300 text-indigo-600"
                  aria-label={channel.name}
                />
                <ChannelTypeLabel type={channel.type} withName={false} />
                <span className="break-words">{channel.name}</span>
              </label>
            ))
          )}
          {channelError && (
            <p id={`${id}-error`} className="text-sm text-red-600">
              {channelError}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/**
 * The fields of a set of alert rules (docs/alerts.md "Alert rules"), shared by the account's
 * defaults in Settings and a monitor's own rules in the monitor form: the rounds before down and
 * up, the reminder interval, and the escalation steps. The caller checks the draft with
 * `checkRulesDraft` and passes its messages back.
 */
export function AlertRulesFields({ value, onChange, errors, channels }: AlertRulesFieldsProps) {
  const setStep = (index: number, step: EscalationStepDraft) =>
    onChange({ ...value, escalation: value.escalation.map((other, at) => (at === index ? step : other)) });
  const addStep = () => {
    const last = value.escalation[value.escalation.length - 1];
    const after = last && Number(last.after_minutes) > 0 ? Math.min(Number(last.after_minutes) * 2, escalationMinutes.max) : 15;
    onChange({ ...value, escalation: [...value.escalation, { after_minutes: String(after), channel_ids: [] }] });
  };
  const number = (field: 'down_after_rounds' | 'up_after_rounds', label: string, hint: string) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={rounds.min}
      max={rounds.max}
      step={1}
      value={value[field]}
      onChange={(event) => onChange({ ...value, [field]: event.target.value })}
      error={errors[field]}
      hint={hint}
    />
  );
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {number('down_after_rounds', ALERT_RULES_TEXT.downAfter, ALERT_RULES_TEXT.downAfterHint)}
        {number('up_after_rounds', ALERT_RULES_TEXT.upAfter, ALERT_RULES_TEXT.upAfterHint)}
      </div>
      <SelectField
        label={ALERT_RULES_TEXT.renotify}
        options={renotifyOptions(value.renotify_minutes)}
        value={value.renotify_minutes === null ? '' : String(value.renotify_minutes)}
        onChange={(event) => onChange({ ...value, renotify_minutes: event.target.value === '' ? null : Number(event.target.value) })}
        error={errors.renotify_minutes}
        hint={ALERT_RULES_TEXT.renotifyHint}
      />
      <div className="space-y-3">
        <div>
          <p className="text-sm font-medium text-slate-700">{ALERT_RULES_TEXT.escalation}</p>
          <p className="text-xs text-slate-500">{ALERT_RULES_TEXT.escalationHint}</p>
        </div>
        {value.escalation.length === 0 && <p className="text-sm text-slate-500">{ALERT_RULES_TEXT.noEscalation}</p>}
        {value.escalation.map((step, index) => (
          <EscalationStepFields
            // A step has no id of its own; its place is what the form and its messages name it by.
            key={index}
            index={index}
            step={step}
            channels={channels}
            errors={errors}
            onChange={(next) => setStep(index, next)}
            onRemove={() => onChange({ ...value, escalation: value.escalation.filter((_, at) => at !== index) })}
          />
        ))}
        {errors.escalation && <p className="text-sm text-red-600">{errors.escalation}</p>}
        {value.escalation.length < escalationSteps && (
          <Button variant="secondary" size="sm" onClick={addStep}>
            <PlusIcon className="size-4" />
            {ALERT_RULES_TEXT.addStep}
          </Button>
        )}
      </div>
    </div>
  );
}
