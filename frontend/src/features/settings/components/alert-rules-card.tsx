import { useState, type FormEvent } from 'react';
import type { ChannelView } from '@shared/alerts/schemas.js';
import { DEFAULT_ALERT_RULES, type AlertRules } from '@shared/alerts/rules.js';
import { AlertRulesFields } from '@/components/alert-rules/alert-rules-fields';
import { CustomRulesUpsell } from '@/components/alert-rules/custom-rules-upsell';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { checkRulesDraft, draftOfRules, rulesInWords, useAlertRules } from '@/lib/alert-rules';
import { errorMessage } from '@/lib/api-client';
import { useChannels } from '@/lib/channels';
import { useUpdateAlertRules } from '../api/update-alert-rules';
import { useTimedMessage } from '../hooks/use-timed-message';
import { ALERT_RULES_CARD_TEXT, NOTIFICATION_SUCCESS_MS } from '../texts';
import { LoadingLines, SettingsCard } from './settings-card';

/** The form of the account's rules, started from what is saved; checked with the shared schema on Save. */
function AlertRulesForm({ saved, channels }: { saved: AlertRules; channels: readonly ChannelView[] | undefined }) {
  const save = useUpdateAlertRules();
  const [draft, setDraft] = useState(() => draftOfRules(saved));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, showMessage] = useTimedMessage(NOTIFICATION_SUCCESS_MS);
  const check = checkRulesDraft(draft, channels);
  const errors = tried && !check.ok ? check.errors : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    showMessage(null);
    if (!check.ok) return;
    setSaving(true);
    try {
      const answer = await save(check.rules);
      setDraft(draftOfRules(answer.rules));
      setTried(false);
      showMessage({ tone: 'success', text: ALERT_RULES_CARD_TEXT.saved });
    } catch (cause) {
      showMessage({ tone: 'error', text: errorMessage(cause, ALERT_RULES_CARD_TEXT.failedToSave) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate aria-label={ALERT_RULES_CARD_TEXT.title}>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <AlertRulesFields value={draft} onChange={setDraft} errors={errors} channels={channels ?? []} />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setDraft(draftOfRules(DEFAULT_ALERT_RULES))}>
          {ALERT_RULES_CARD_TEXT.useDefaults}
        </Button>
        <Button type="submit" loading={saving}>
          {ALERT_RULES_CARD_TEXT.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * The "Alert rules" card of Settings -> Notifications (docs/alerts.md "Alert rules"): the rules of
 * every monitor that has none of its own. A plan with custom rules edits them here; any other plan
 * reads the rules that apply and is invited to upgrade.
 */
export function AlertRulesCard() {
  const { data, error, isLoading, mutate } = useAlertRules();
  const { data: channelList } = useChannels();
  const channels = channelList?.channels;
  return (
    <SettingsCard title={ALERT_RULES_CARD_TEXT.title} description={ALERT_RULES_CARD_TEXT.description}>
      {error && !data ? (
        <LoadError error={error} fallback={ALERT_RULES_CARD_TEXT.failedToLoad} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingLines label={ALERT_RULES_CARD_TEXT.loading} lines={3} />
      ) : data.custom_rules_allowed ? (
        <AlertRulesForm saved={data.rules} channels={channels} />
      ) : (
        <CustomRulesUpsell rulesText={rulesInWords(data.rules, channels ?? [])} />
      )}
    </SettingsCard>
  );
}
