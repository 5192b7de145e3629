import { describe, expect, it } from 'vitest';
import { greetingLine } from '../../../functions/services/auth/greeting.js';
import { passwordChangedEmail } from '../../../functions/services/auth/password-changed-email.js';
import { resetPasswordEmail } from '../../../functions/services/auth/reset-password-email.js';
import { verificationEmail } from '../../../functions/services/auth/verification-email.js';

const APP = 'https://app.example.com';

// The account mails quote the name typed at registration (docs/security.md "Account mails quote no link").
const MAILS = {
  verification: (name: string) => verificationEmail({ appUrl: APP, to: 'a@example.com', name, token: 't' }),
  'password reset': (name: string) => resetPasswordEmail({ appUrl: APP, to: 'a@example.com', name, token: 't' }),
  'password changed': (name: string) => passwordChangedEmail({ appUrl: APP, to: 'a@example.com', name, timezone: null, at: new Date(0), how: 'changed' }),
};

const LINK_LIKE = ['www.evil.example', 'evil.example Support', 'https://evil.example', 'evil@example.com', 'Claim\\\\host\\share', 'ev.il', 'C:/x', 'R2D2.example'];

describe('account mails show no user-written text a mail client could turn into a link', () => {
  for (const [what, mail] of Object.entries(MAILS)) {
    it(`${what}: a name that reads as an address, a link or a share is left out`, () => {
      for (const name of LINK_LIKE) {
        const { text, html } = mail(name);
        expect(text, name).toContain('Hi there,');
        for (const part of name.split(/\s+/)) {
          expect(text, name).not.toContain(part);
          expect(html, name).not.toContain(part);
        }
      }
    });

    it(`${what}: a person's first name is kept`, () => {
      expect(mail('Ada Lovelace').text).toContain('Hi Ada,');
      expect(mail('Ada Lovelace').text).not.toContain('Lovelace');
    });
  }

  it('greets by the first word when it is letters, marks, apostrophes or hyphens only', () => {
    expect(greetingLine('José María')).toBe('Hi José,');
    expect(greetingLine("O'Brien")).toBe("Hi O'Brien,");
    expect(greetingLine('Jean-Luc Picard')).toBe('Hi Jean-Luc,');
    expect(greetingLine('  東京  ')).toBe('Hi 東京,');
    expect(greetingLine('Dr. Who')).toBe('Hi there,');
    expect(greetingLine('Ada2')).toBe('Hi there,');
    expect(greetingLine('')).toBe('Hi there,');
    expect(greetingLine('A'.repeat(41))).toBe('Hi there,');
  });
});
