import type { ExportedCheck } from '@shared/insights/schemas.js';
import { certificateProblem } from '@shared/checks/ssl-alerts.js';
import { sslSummary } from '@shared/monitors/monitor-ssl.js';
import type { Monitor } from '@shared/monitors/schemas.js';
import { Badge } from '@/components/ui/badge';
import { Fact } from '@/components/ui/fact';
import { configuredAssertions, latestPerRegion } from '../utils/assertions';

/** The monitor's assertions with how the latest check of each region judged them (docs/checks.md). */
function Assertions({ monitor, checks }: { monitor: Monitor; checks: readonly ExportedCheck[] }) {
  const latest = latestPerRegion(checks);
  return (
    <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200" aria-labelledby="assertions-title" data-testid="assertions">
      <h2 id="assertions-title" className="font-semibold text-slate-900">
        Assertions
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        {`${monitor.method} request${monitor.follow_redirects ? ', redirects followed' : ', redirects not followed'}. All must hold for up; the latest check of each region.`}
      </p>
      <ul className="mt-4 space-y-3">
        {configuredAssertions(monitor).map((assertion) => {
          const failed = latest.filter((check) => check.failed_assertions.includes(assertion.kind));
          const judged = latest.length > 0;
          return (
            <li key={assertion.label} className="flex items-start justify-between gap-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">{assertion.label}</p>
                {failed.map((check) => (
                  <p key={check.region} className="text-xs text-red-700">
                    {`${check.region}: ${check.message ?? 'failed'}`}
                  </p>
                ))}
              </div>
              {judged ? (
                <Badge tone={failed.length ? 'red' : 'emerald'} dot>
                  {failed.length ? `Failed in ${failed.length} of ${latest.length}` : 'Holds'}
                </Badge>
              ) : (
                <Badge tone="slate">Not checked yet</Badge>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The certificate an https monitor's checks last saw. */
function Certificate({ monitor }: { monitor: Monitor }) {
  const ssl = monitor.ssl;
  const https = monitor.url.startsWith('https://');
  if (!https) return null;
  const summary = ssl ? sslSummary(ssl) : null;
  return (
    <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200" aria-labelledby="certificate-title" data-testid="certificate">
      <div className="flex items-center justify-between gap-3">
        <h2 id="certificate-title" className="font-semibold text-slate-900">
          SSL certificate
        </h2>
        {summary && (
          <Badge tone={summary.tone === 'ok' ? 'emerald' : summary.tone === 'warning' ? 'amber' : 'red'} dot>
            {summary.text}
          </Badge>
        )}
      </div>
      {ssl ? (
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <Fact label="Days left" valueClassName="text-slate-900 tabular-nums">
            {ssl.days_left ?? 'Unknown'}
          </Fact>
          <Fact label="Valid until" valueClassName="text-slate-900">
            {ssl.valid_to ? ssl.valid_to.slice(0, 10) : 'Unknown'}
          </Fact>
          <Fact label="Issued by" valueClassName="text-slate-900">
            {ssl.issuer ?? 'Unknown'}
          </Fact>
          <Fact label="Issued for">{ssl.subject ?? 'Unknown'}</Fact>
          <Fact label="Validity (chain, dates, name)" className="col-span-2" valueClassName={ssl.valid ? 'text-emerald-700' : 'text-red-700'}>
            {ssl.valid ? 'Trusted, in date and made out for this address' : `Not valid: ${certificateProblem(ssl.error)}`}
          </Fact>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Shown after the first check.</p>
      )}
      <p className="mt-3 text-xs text-slate-500">We e-mail you 30, 14, 7 and 1 days before it expires, and when it is not valid.</p>
    </section>
  );
}

export function ChecksAndCertificate({ monitor, checks }: { monitor: Monitor; checks: readonly ExportedCheck[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Assertions monitor={monitor} checks={checks} />
      <Certificate monitor={monitor} />
    </div>
  );
}
