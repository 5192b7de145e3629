import { describe, expect, it } from 'vitest';
import { rawHeaderFields } from '../../../infra/local/parts/ses-raw-headers.js';

/** The local SES keeps a raw mail's own headers (docs/status-pages.md "Subscriber mails"): read from the message's head, unfolded. */
describe('the header fields of a raw mail', () => {
  it('are read up to the first empty line, folded lines joined, in order', () => {
    const raw = [
      'From: alerts@example.com',
      'Subject: =?UTF-8?B?Q2Fmw6k=?=',
      ' =?UTF-8?B?IHN0YXR1cw==?=',
      'List-Unsubscribe: <https://app.example.com/status/acme/unsubscribe?token=01K.mac>',
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      '',
      'Not: a header',
    ].join('\r\n');
    expect(rawHeaderFields(raw)).toEqual([
      { name: 'From', value: 'alerts@example.com' },
      { name: 'Subject', value: '=?UTF-8?B?Q2Fmw6k=?= =?UTF-8?B?IHN0YXR1cw==?=' },
      { name: 'List-Unsubscribe', value: '<https://app.example.com/status/acme/unsubscribe?token=01K.mac>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });
});
