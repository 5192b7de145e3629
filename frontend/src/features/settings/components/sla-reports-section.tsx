import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { monthTitle } from '@shared/sla/report.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import { DownloadIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { downloadSlaReport, setSlaTarget, useSlaMonths, useSlaTargets } from '../api/sla-reports';
import { SectionHeader, SettingsCard } from './settings-card';

/**
 * Settings -> SLA reports (docs/sla-reports.md "The Reports screen"): the workspace's target, and a
 * month to download as PDF or CSV (the month so far, or a finished one inside retention). Here
 * rather than a page of its own because it is a workspace's setting and its documents, like Export;
 * the monthly mail links here with the month chosen (`?month=`).
 */
export function SlaReportsSection() {
  const months = useSlaMonths();
  const targets = useSlaTargets();
  const [params] = useSearchParams();
  const [month, setMonth] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState<'pdf' | 'csv' | 'target' | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const choices = months.data ? [months.data.current, ...months.data.months] : [];
  useEffect(() => {
    if (month || !months.data) return;
    const asked = params.get('month');
    setMonth(asked && [months.data.current, ...months.data.months].includes(asked) ? asked : (months.data.months[0] ?? months.data.current));
  }, [month, months.data, params]);

  const header = (
    <SectionHeader
      title="SLA reports"
      description="Monthly uptime against your target, with maintenance windows left out. The workspace's owners get last month's report by e-mail on the 1st."
    />
  );
  const planError = months.error instanceof ApiError && months.error.code === 'PLAN_HAS_NO_SLA_REPORTS' ? months.error : null;
  if (planError) {
    return (
      <>
        {header}
        <Alert tone="info">
          {planError.detail}{' '}
          <Link to="?section=subscription" className="font-medium underline">
            See the plans
          </Link>
        </Alert>
      </>
    );
  }
  if (months.error) {
    return (
      <>
        {header}
        <Alert tone="error">{errorMessage(months.error, 'Could not load the SLA reports.')}</Alert>
      </>
    );
  }
  if (!months.data || !targets.data) {
    return (
      <>
        {header}
        <div className="flex justify-center py-8">
          <Spinner />
          <span className="sr-only">Loading SLA reports…</span>
        </div>
      </>
    );
  }

  const run = async (action: 'pdf' | 'csv' | 'target') => {
    setBusy(action);
    setOutcome(null);
    try {
      if (action === 'target') {
        const saved = await setSlaTarget(Number(target ?? targets.data!.target_percent));
        await targets.mutate(saved, { revalidate: false });
        setOutcome({ tone: 'success', text: `Target saved: ${saved.target_percent} %.` });
      } else {
        setOutcome({ tone: 'success', text: `Downloaded ${await downloadSlaReport(month ?? months.data!.current, action)}.` });
      }
    } catch (cause) {
      setOutcome({ tone: 'error', text: errorMessage(cause, action === 'target' ? 'Could not save the target.' : 'Could not download the report.') });
    } finally {
      setBusy(null);
    }
  };

  const chosenTarget = target ?? String(targets.data.target_percent);
  const targetOptions = [...new Set([...targets.data.choices, targets.data.target_percent])]
    .sort((a, b) => a - b)
    .map((value) => ({ value: String(value), label: `${value} %` }));

  return (
    <>
      {header}
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <SettingsCard
        title="Target"
        description={`Each monitor is measured against this share of the month${targets.data.monitors.length ? ', except the monitors with a target of their own' : ''}. The error budget is the downtime it allows.`}
      >
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <SelectField label="SLA target" name="sla-target" value={chosenTarget} onChange={(event) => setTarget(event.target.value)} options={targetOptions} />
          </div>
          <Button onClick={() => void run('target')} loading={busy === 'target'} disabled={busy !== null || chosenTarget === String(targets.data.target_percent)}>
            Save target
          </Button>
        </div>
      </SettingsCard>
      <SettingsCard title="Download a report" description={`Reports cover the months your plan keeps data for (${months.data.retention_days} days).`}>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-56">
            <SelectField
              label="Month"
              name="sla-month"
              value={month ?? ''}
              onChange={(event) => setMonth(event.target.value)}
              options={choices.map((value) => ({ value, label: value === months.data!.current ? `${monthTitle(value)} (so far)` : monthTitle(value) }))}
            />
          </div>
          <Button variant="secondary" onClick={() => void run('pdf')} loading={busy === 'pdf'} disabled={busy !== null}>
            {busy !== 'pdf' && <DownloadIcon className="size-4" />}
            Download PDF
          </Button>
          <Button variant="secondary" onClick={() => void run('csv')} loading={busy === 'csv'} disabled={busy !== null}>
            {busy !== 'csv' && <DownloadIcon className="size-4" />}
            Download CSV
          </Button>
        </div>
      </SettingsCard>
    </>
  );
}
