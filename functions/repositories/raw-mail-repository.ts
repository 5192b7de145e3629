import { randomUUID } from 'node:crypto';
import { SendRawEmailCommand } from '@aws-sdk/client-ses';
import { ses } from '../clients/ses.js';
import { config } from '../config.js';
import type { OutgoingEmail } from './mail-repository.js';

/**
 * Mails with headers of their own (docs/status-pages.md "Subscriber mails": `List-Unsubscribe` and
 * `List-Unsubscribe-Post` on every mail to a page's subscribers). SES's simple SendEmail cannot set
 * headers, so these go as a MIME message of our own through SendRawEmail: multipart/alternative
 * with the text and the HTML part, each UTF-8 in base64, and the subject as RFC 2047 encoded words.
 */
export interface OutgoingEmailWithHeaders extends OutgoingEmail {
  /** Extra header fields, name -> value (one line each; line breaks are removed). */
  headers: Readonly<Record<string, string>>;
}

const CRLF = '\r\n';

/** A header value on one line: a CR or LF in it would start a header of someone else's choosing. */
const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ');

/** Base64 in lines of 76 characters, as MIME wants. */
const base64Lines = (text: string): string => (Buffer.from(text, 'utf8').toString('base64').match(/.{1,76}/g) ?? []).join(CRLF);

/**
 * A header text as RFC 2047 encoded words when it is not plain ASCII; each word holds at most 45
 * bytes of UTF-8 (never splitting a character), so it stays under 75 characters, and the words are
 * folded onto lines of their own.
 */
export const encodedWords = (text: string): string => {
  const value = oneLine(text);
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let current = '';
  for (const char of value) {
    if (Buffer.byteLength(current + char, 'utf8') > 45) {
      words.push(current);
      current = '';
    }
    current += char;
  }
  if (current) words.push(current);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
};

/** The whole message as SES's SendRawEmail takes it. */
export const rawMimeMessage = (email: OutgoingEmailWithHeaders, opts: { from: string; boundary: string; date: Date }): string => {
  const headers = [
    `From: ${oneLine(opts.from)}`,
    `To: ${oneLine(email.to)}`,
    ...(email.replyTo ? [`Reply-To: ${oneLine(email.replyTo)}`] : []),
    `Subject: ${encodedWords(email.subject)}`,
    `Date: ${opts.date.toUTCString()}`,
    'MIME-Version: 1.0',
    ...Object.entries(email.headers).map(([name, value]) => `${name.replace(/[^A-Za-z0-9-]/g, '')}: ${oneLine(value)}`),
    `Content-Type: multipart/alternative; boundary="${opts.boundary}"`,
  ];
  const part = (type: string, body: string) =>
    [`--${opts.boundary}`, `Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join(CRLF);
  return [...headers, '', part('text/plain', email.text), part('text/html', email.html), `--${opts.boundary}--`, ''].join(CRLF);
};

/** Sends one mail with its own headers from the configured sender; answers SES's message id. */
export const sendEmailWithHeaders = async (email: OutgoingEmailWithHeaders, now: Date = new Date()): Promise<string> => {
  const from = config().mailFrom;
  const message = rawMimeMessage(email, { from, boundary: `upwatch-${randomUUID()}`, date: now });
  const { MessageId } = await ses().send(
    new SendRawEmailCommand({ Source: from, Destinations: [email.to], RawMessage: { Data: Buffer.from(message, 'utf8') } }),
  );
  return MessageId ?? '';
};
