import { parseForm } from './form-params.js';
import { escapeHtml, html, json, redirect, type Reply, type Request } from './http-kit.js';

/**
 * The local extras both providers share (docs/billing.md "The local providers"): a page listing the
 * subscriptions with buttons that advance their clock, the same list as JSON, and
 * `POST /_local/advance {subscription_id, outcome}` (JSON, or a form post from that page).
 */
export interface SubscriptionRow {
  id: string;
  status: string;
  plan: string;
  customer: string;
  periodEnd: string;
  notes: string;
}

export const PAGE_STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 960px; margin: 32px auto; padding: 0 16px; }
  h1 { font-size: 20px; } table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid #e3e8ee; vertical-align: top; }
  form.inline { display: inline; } button { cursor: pointer; padding: 4px 10px; }
  code { font-size: 13px; } .muted { color: #5f6b7a; }
`;

export const renderSubscriptionsPage = (opts: { title: string; rows: SubscriptionRow[]; help: string }): Reply => {
  const rows = opts.rows
    .map(
      (row) => `<tr>
        <td><code>${escapeHtml(row.id)}</code></td><td>${escapeHtml(row.status)}</td><td>${escapeHtml(row.plan)}</td>
        <td>${escapeHtml(row.customer)}</td><td>${escapeHtml(row.periodEnd)}</td><td class="muted">${escapeHtml(row.notes)}</td>
        <td>${['paid', 'failed']
          .map(
            (outcome) => `<form class="inline" method="post" action="/_local/advance">
              <input type="hidden" name="subscription_id" value="${escapeHtml(row.id)}">
              <input type="hidden" name="outcome" value="${outcome}">
              <button type="submit">Renew: ${outcome}</button></form>`,
          )
          .join(' ')}</td></tr>`,
    )
    .join('');
  return html(
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.title)}</title><style>${PAGE_STYLE}</style></head>
    <body><main><h1>${escapeHtml(opts.title)}</h1><p class="muted">${escapeHtml(opts.help)}</p>
    <table><thead><tr><th>Subscription</th><th>Status</th><th>Plan</th><th>Customer</th><th>Period end</th><th>Notes</th><th>Advance to period end</th></tr></thead>
    <tbody>${rows || '<tr><td colspan="7" class="muted">No subscriptions yet.</td></tr>'}</tbody></table></main></body></html>`,
  );
};

export type AdvanceOutcome = 'paid' | 'failed';

/**
 * The body of a `/_local` call: JSON (whatever content-type curl sent), or the form the local page
 * posts. Null when it is neither.
 */
export const readLocalInput = (request: Request): (Record<string, unknown> & { fromForm: boolean }) | null => {
  const text = request.body.toString('utf8').trim();
  if (text === '' || text.startsWith('{')) {
    try {
      return { ...(JSON.parse(text || '{}') as Record<string, unknown>), fromForm: false };
    } catch {
      return null;
    }
  }
  return { ...parseForm(text), fromForm: true };
};

/** Reads `{subscription_id, outcome}` from JSON or a form post; answers as the caller expects. */
export const handleAdvance = (
  request: Request,
  advance: (subscriptionId: string, outcome: AdvanceOutcome) => unknown,
  toErrorReply: (error: unknown) => Reply,
): Reply => {
  const input = readLocalInput(request);
  if (!input) return json(400, { error: 'The body must be JSON: {"subscription_id": "...", "outcome": "paid" | "failed"}' });
  const isForm = input.fromForm;
  const subscriptionId = input.subscription_id;
  const outcome = input.outcome;
  if (typeof subscriptionId !== 'string' || (outcome !== 'paid' && outcome !== 'failed')) {
    return json(400, { error: 'Expected {"subscription_id": "...", "outcome": "paid" | "failed"}' });
  }
  try {
    const subscription = advance(subscriptionId, outcome);
    return isForm ? redirect('/_local/subscriptions') : json(200, subscription);
  } catch (error) {
    return toErrorReply(error);
  }
};
