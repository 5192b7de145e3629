import { useState } from 'react';
import { archiveDueText, archivedIncidentsText, retentionExplanation } from '@shared/checks/retention.js';
import { EXPORT_CHECKS_PER_MONITOR, type ExportKind } from '@shared/insights/schemas.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { exportData } from '../api/export-data';
import { useRetention } from '../api/get-retention';
import { SETTINGS_TEXT } from '../texts';
import { SectionHeader, SettingsCard } from './settings-card';

const EXPORTS: { kind: ExportKind; title: string; label: string; description: string }[] = [
  {
    kind: 'monitors',
    title: 'Monitors',
    label: 'Export Monitors',
    description: `Every monitor with its settings, current state and its most recent ${EXPORT_CHECKS_PER_MONITOR} checks.`,
  },
  {
    kind: 'incidents',
    title: 'Incidents',
    label: 'Export Incidents',
    description: 'Every incident: what happened, its impact and when, and the archive if there is one.',
  },
];

/** What the workspace's plan keeps and its archive (docs/product-rules.md "Retention"); nothing while it loads. */
function RetentionCard() {
  const { data } = useRetention();
  if (!data) return null;
  return (
    <SettingsCard title="What We Keep">
      <div className="space-y-3 text-sm text-slate-700">
        <p>{retentionExplanation(data.tier)}</p>
        {data.archive_due_at && <Alert tone="info">{archiveDueText(data.archive_due_at)}</Alert>}
        {data.archived_incidents > 0 && <p>{archivedIncidentsText(data.archived_incidents)}</p>}
      </div>
    </SettingsCard>
  );
}

/** Export Data (docs/product-rules.md "Export"): two downloads, saved under the server's file name, and what they hold. */
export function ExportSection() {
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const run = async (kind: ExportKind) => {
    setExporting(kind);
    setOutcome(null);
    try {
      const filename = await exportData(kind);
      setOutcome({ tone: 'success', text: `Downloaded ${filename}.` });
    } catch (cause) {
      setOutcome({ tone: 'error', text: errorMessage(cause, SETTINGS_TEXT.failedToExportData) });
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <SectionHeader title="Export Data" description="Download your data to keep, analyse or move elsewhere." />
      <SettingsCard title="Download Your Data">
        <div className="space-y-5">
          {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
          <ul className="grid gap-4 sm:grid-cols-2">
            {EXPORTS.map(({ kind, title, label, description }) => (
              <li key={kind} className="flex flex-col rounded-xl p-5 ring-1 ring-slate-200">
                <h4 className="font-semibold text-slate-900">{title}</h4>
                <p className="mt-1 flex-1 text-sm text-slate-600">{description}</p>
                <Button
                  variant="secondary"
                  className="mt-4 w-full"
                  onClick={() => void run(kind)}
                  disabled={exporting !== null}
                  loading={exporting === kind}
                >
                  {exporting !== kind && <DownloadIcon className="size-4" />}
                  {label}
                </Button>
              </li>
            ))}
          </ul>
          <div className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900 ring-1 ring-indigo-200">
            <p className="font-medium">About your export</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-indigo-800">
              <li>Files are JSON, named after what they hold and today’s date, such as upwatch-monitors-YYYY-MM-DD.json.</li>
              <li>The monitors export holds the most recent {EXPORT_CHECKS_PER_MONITOR} checks of each monitor.</li>
              <li>All timestamps in the files are in UTC, whatever your display timezone.</li>
            </ul>
          </div>
        </div>
      </SettingsCard>
      <RetentionCard />
    </>
  );
}
