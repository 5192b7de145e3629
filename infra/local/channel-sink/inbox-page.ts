import { createHash } from 'node:crypto';
import { isPlainObject, type SinkReply } from './sink-http.js';
import { SINK_CHANNEL_TYPES, type FailurePlan, type SinkChannelType, type SinkMessage } from './sink-store.js';

/**
 * The sink's inbox at `/` (docs/alerts.md "Offline"): what each provider received, newest first,
 * one readable line per message and its raw JSON. Everything shown is escaped: the messages carry
 * monitor names and URLs a user typed.
 */

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The first TextBlock's text in an Adaptive Card (its title, as the sender writes cards). */
const firstTextBlock = (node: unknown): string => {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = firstTextBlock(child);
      if (found) return found;
    }
    return '';
  }
  if (!isPlainObject(node)) return '';
  if (node.type === 'TextBlock' && typeof node.text === 'string') return node.text;
  return firstTextBlock(node.body) || firstTextBlock(node.items) || firstTextBlock(node.columns);
};

const teamsTitle = (body: Record<string, unknown>): string => {
  const attachments = Array.isArray(body.attachments) ? body.attachments : [];
  for (const attachment of attachments) {
    const title = isPlainObject(attachment) ? firstTextBlock(attachment.content) : '';
    if (title) return title;
  }
  return text(body.title) || text(body.summary) || text(body.text);
};

/** One line saying what a message says, in each provider's own shape. */
export const summarize = (message: SinkMessage): string => {
  const body = message.body;
  if (!isPlainObject(body)) return typeof body === 'string' ? body.slice(0, 200) : '';
  switch (message.channel_type) {
    case 'slack':
      return text(body.text);
    case 'teams':
      return teamsTitle(body);
    case 'discord': {
      const embed = Array.isArray(body.embeds) && isPlainObject(body.embeds[0]) ? body.embeds[0] : {};
      return text(embed.title) || text(body.content);
    }
    case 'telegram':
      return text(body.text);
    case 'pagerduty': {
      const payload = isPlainObject(body.payload) ? body.payload : {};
      return [text(body.event_action), text(payload.summary)].filter(Boolean).join(': ');
    }
    case 'sms':
      return `${text(body.phone)}: ${text(body.message)}`;
  }
};

// Reloads every 3 s, except while a message's raw JSON is open or text is selected.
const REFRESH_SCRIPT = "setInterval(function(){if(!document.querySelector('details[open]')&&!String(getSelection()))location.reload()},3000);";
const REFRESH_SCRIPT_HASH = createHash('sha256').update(REFRESH_SCRIPT).digest('base64');

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1b1f24}h1{font-size:20px;margin:0 0 4px}
nav a,nav strong{margin-right:10px}.msg{border:1px solid #d0d7de;border-radius:6px;padding:10px 12px;margin:10px 0}
.type{font-weight:600;text-transform:uppercase;font-size:12px;background:#eef;padding:2px 6px;border-radius:4px}
.failed{background:#fde8e8;color:#8a1f11}.meta{color:#57606a;font-size:12px;word-break:break-all}
.summary{margin:6px 0;white-space:pre-wrap}pre{background:#f6f8fa;padding:8px;overflow:auto;font-size:12px}`;

const messageCard = (message: SinkMessage): string => {
  const failed = message.failed_with !== undefined ? ` <span class="type failed">answered ${message.failed_with} (asked for)</span>` : '';
  const refused = message.failed_with === undefined && message.status >= 400 ? ` <span class="type failed">refused ${message.status}</span>` : '';
  return `<div class="msg"><span class="type">${escapeHtml(message.channel_type)}</span>${failed}${refused}
<span class="meta">${escapeHtml(message.received_at)} · ${escapeHtml(message.url)}</span>
<div class="summary">${escapeHtml(summarize(message)) || '<em>(no text)</em>'}</div>
<details><summary>raw JSON</summary><pre>${escapeHtml(JSON.stringify(message, null, 2))}</pre></details></div>`;
};

/** The page shows this many, newest first, so a refresh stays quick however full the store is. */
export const INBOX_PAGE_LIMIT = 200;

/** The inbox page: newest first, optionally one type's messages only. */
export const inboxPage = (opts: {
  messages: SinkMessage[];
  channelType: SinkChannelType | undefined;
  pendingFailures: Partial<Record<SinkChannelType, FailurePlan>>;
}): SinkReply => {
  const newestFirst = opts.messages.slice(-INBOX_PAGE_LIMIT).reverse();
  const hidden = opts.messages.length - newestFirst.length;
  const filters = ['all', ...SINK_CHANNEL_TYPES]
    .map((type) => (type === (opts.channelType ?? 'all') ? `<strong>${type}</strong>` : `<a href="/${type === 'all' ? '' : `?channel_type=${type}`}">${type}</a>`))
    .join('');
  const pending = Object.entries(opts.pendingFailures)
    .map(([type, plan]) => `${escapeHtml(type)}: the next ${plan.remaining} answered ${plan.status}`)
    .join('; ');
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Channel sink: ${opts.messages.length} messages</title>
<style>${STYLE}</style><script>${REFRESH_SCRIPT}</script></head><body>
<h1>Channel sink (local Slack, Teams, Discord, Telegram, PagerDuty, SMS)</h1>
<p class="meta">Refreshes every 3 s. JSON at <a href="/store">/store</a>; <code>POST /_local/fail</code> makes the next deliveries fail.${pending ? ` Pending failures: ${pending}.` : ''}</p>
<nav>${filters}</nav>
${newestFirst.length ? newestFirst.map(messageCard).join('\n') : '<p>No messages yet. Send a test from Settings → Notifications.</p>'}
${hidden > 0 ? `<p class="meta">${hidden} older messages are not shown here; <a href="/store">/store</a> lists them all.</p>` : ''}
</body></html>`;
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${REFRESH_SCRIPT_HASH}'; frame-ancestors 'none'`,
    },
    body,
  };
};
