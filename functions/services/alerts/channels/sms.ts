import { isDigest, type AlertDigest, type ChannelAlert } from '../../../../shared/alerts/events.js';
import { awsErrorOutcome } from './aws-error.js';
import type { ChannelSender } from './contract.js';

/**
 * A text message through Amazon SNS (docs/alerts.md "Channels"): one SMS of at most 160 GSM
 * characters when it can be, the acknowledgement link kept whole and the words trimmed to fit.
 */

/** The GSM 03.38 basic character set: one septet each. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension set: two septets each (an escape, then the character). */
const GSM_EXTENDED = '^{}\\[~]|€';

/** Typographic characters a monitor name or message may hold, with their GSM look-alikes. */
const GSM_LOOKALIKES: Record<string, string> = { '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...', '\u00a0': ' ' };

/** One SMS: 160 GSM septets, or 70 characters of UCS-2 when a character is not in GSM. */
export const SMS_LIMIT = 160;
const UCS2_LIMIT = 70;

export const gsmLength = (text: string): number | null => {
  let length = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) length += 1;
    else if (GSM_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
};

const toGsm = (text: string): string => [...text].map((char) => GSM_LOOKALIKES[char] ?? char).join('');

/** A text's size in its encoding's units, and the limit of one SMS in that encoding. */
const sizeOf = (text: string): number => gsmLength(text) ?? [...text].length;
const limitOf = (text: string): number => (gsmLength(text) === null ? UCS2_LIMIT : SMS_LIMIT);
const fits = (text: string): boolean => sizeOf(text) <= limitOf(text);

/** A text cut to `max` units, ending in "..." when cut. */
const cutTo = (text: string, max: number): string => {
  if (sizeOf(text) <= max) return text;
  let cut = [...text];
  while (cut.length && sizeOf(`${cut.join('').trimEnd()}...`) > max) cut = cut.slice(0, -1);
  return `${cut.join('').trimEnd()}...`;
};

/** "Connection refused" from `connection_refused`: what failed, for a down alert. */
const causeOf = (alert: ChannelAlert): string | null => {
  const category = alert.incident.error_category;
  if (alert.type !== 'incident.opened' || alert.transition !== 'down' || !category || category === 'unknown') return null;
  const words = category.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The SMS of an alert: "Upwatch: Shop is down (Connection refused). Ack: <link>". The link (the
 * acknowledgement, else the incident) is never cut; the cause goes first, then the headline is
 * shortened. Outside GSM (a name in another script) SNS sends UCS-2, 70 characters to an SMS.
 */
export const smsText = (alert: ChannelAlert): string => {
  const link = alert.links.acknowledge ? ` Ack: ${alert.links.acknowledge}` : ` ${alert.links.incident}`;
  const prefix = `Upwatch: ${alert.test ? '[Test] ' : ''}`;
  const headline = toGsm(alert.headline);
  const cause = causeOf(alert);
  const tail = `.${link}`;
  const full = `${prefix}${headline}${cause ? ` (${cause})` : ''}${tail}`;
  if (fits(full)) return full;
  const withoutCause = `${prefix}${headline}${tail}`;
  if (fits(withoutCause)) return withoutCause;
  const room = limitOf(withoutCause) - sizeOf(`${prefix}${tail}`);
  // Some words always stay; a link too long for one SMS is still sent whole (SNS splits the text).
  return `${prefix}${cutTo(headline, Math.max(room, 12))}${tail}`;
};

/**
 * The SMS of a storm digest: "Upwatch: 12 monitors are down: Shop, Blog, API and 9 more.
 * <incidents link>". The link is never cut; names are dropped from the end (and counted) to fit.
 */
export const smsDigestText = (digest: AlertDigest): string => {
  const names = [...digest.down, ...digest.up, ...digest.other].map((alert) => toGsm(alert.monitor.name));
  const tail = `. ${digest.links.incidents}`;
  const head = `Upwatch: ${toGsm(digest.headline)}`;
  for (let shown = names.length; shown > 0; shown -= 1) {
    const more = names.length - shown;
    const text = `${head}: ${names.slice(0, shown).join(', ')}${more ? ` and ${more} more` : ''}${tail}`;
    if (fits(text)) return text;
  }
  const bare = `${head}${tail}`;
  return fits(bare) ? bare : `${cutTo(head, Math.max(limitOf(bare) - sizeOf(tail), 12))}${tail}`;
};

export const smsSender: ChannelSender<'sms'> = {
  type: 'sms',
  send: async (message, ctx, deps) => {
    const started = deps.now().getTime();
    try {
      const { messageId, latencyMs } = await deps.publishSms(ctx.config.phone, isDigest(message) ? smsDigestText(message) : smsText(message));
      return { ok: true, httpStatus: null, latencyMs, providerReference: messageId };
    } catch (error) {
      return awsErrorOutcome(error, {
        service: 'Amazon SNS',
        latencyMs: Math.max(0, deps.now().getTime() - started),
        explainFinal: (name, message) => {
          if (/OptedOut/i.test(name) || /opted out/i.test(message)) return 'This phone number has opted out of text messages (it replied STOP): it must reply START to receive them again.';
          if (/InvalidParameter/i.test(name)) return `Amazon SNS refused the phone number or the message (${name}${message ? `: ${message}` : ''}): check the number.`;
          return undefined;
        },
      });
    }
  },
};
