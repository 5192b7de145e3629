import { createHash } from 'node:crypto';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { recoveryCodeOf, totpCodeOf } from '../../../shared/auth/two-factor.js';
import { hashRecoveryCode, newRecoveryCodes } from '../../../functions/services/auth/recovery-codes.js';
import { matchTotpStep, newTotpSecret, otpauthUri, totpCodeForStep, totpStepAt } from '../../../functions/services/auth/totp.js';

/** The codes of two-factor sign-in (docs/security.md "Two-factor sign-in"): the TOTP window and the recovery codes' hashing. */

const AT = new Date('2026-11-28T06:00:10Z');

describe('TOTP codes', () => {
  it('are what every authenticator app computes: 6 digits, 30 s, SHA-1 (RFC 6238 test secret)', () => {
    // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082 -> the last 6 digits.
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeForStep(rfcSecret, 1)).toBe('287082');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpCodeForStep(secret, totpStepAt(AT))).toBe(generateSync({ secret, epoch: AT.getTime() / 1000 }));
  });

  it('accept the step before, now and after, answering which step; nothing further', () => {
    const secret = newTotpSecret();
    const now = totpStepAt(AT);
    for (const step of [now - 1, now, now + 1]) expect(matchTotpStep(secret, totpCodeForStep(secret, step), AT)).toBe(step);
    for (const step of [now - 2, now + 2]) {
      const code = totpCodeForStep(secret, step);
      // A code of a far step may equal a near one by chance (1 in a million); only then is it a match.
      const near = [now - 1, now, now + 1].some((candidate) => totpCodeForStep(secret, candidate) === code);
      expect(matchTotpStep(secret, code, AT) === null).toBe(!near);
    }
  });

  it('take spaces in the code, and refuse anything that is not six digits', () => {
    const secret = newTotpSecret();
    const code = totpCodeForStep(secret, totpStepAt(AT));
    expect(matchTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, AT)).toBe(totpStepAt(AT));
    expect(totpCodeOf('12345')).toBeNull();
    expect(totpCodeOf('1234567')).toBeNull();
    expect(totpCodeOf('12a456')).toBeNull();
  });

  it('go in an otpauth URI with the issuer and the address', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'ada@example.com')).toBe('otpauth://totp/Upwatch:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Upwatch');
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of 10 readable characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
  });

  it('are stored as the SHA-256 of the code without its dash, whatever the case typed', () => {
    const [code] = newRecoveryCodes();
    const plain = code!.replace('-', '');
    const expected = createHash('sha256').update(plain).digest('hex');
    expect(hashRecoveryCode(code!)).toBe(expected);
    expect(hashRecoveryCode(code!.toUpperCase())).toBe(expected);
    expect(hashRecoveryCode(` ${plain} `)).toBe(expected);
    expect(hashRecoveryCode('123456')).toBeNull();
    expect(recoveryCodeOf('abc')).toBeNull();
  });
});
