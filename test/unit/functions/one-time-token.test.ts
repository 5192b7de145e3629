import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newOneTimeToken } from '../../../functions/services/auth/one-time-token.js';
import { readAccessToken, expiresInSeconds } from '../../../functions/services/auth/access-token.js';
import { verificationEmail, verificationLink } from '../../../functions/services/auth/verification-email.js';

describe('one-time tokens', () => {
  it('are 32 random bytes in URL-safe base64 and differ each time', () => {
    const token = newOneTimeToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newOneTimeToken()).not.toBe(token);
  });

  it('hash to the SHA-256 hex digest, never the token itself', () => {
    const token = newOneTimeToken();
    const hash = hashToken(token);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });
});

describe('verification e-mail', () => {
  it('links to /verify-email with the token URL-encoded', () => {
    expect(verificationLink('https://app.example.com', 'a+b/c=')).toBe('https://app.example.com/verify-email?token=a%2Bb%2Fc%3D');
  });

  it('carries the link in the text and the HTML body, with the product\'s subject', () => {
    const mail = verificationEmail({ appUrl: 'https://app.example.com', to: 'asha@example.com', name: 'Asha', token: 'tok_123' });
    expect(mail.subject).toBe('Verify your Upwatch email address');
    expect(mail.to).toBe('asha@example.com');
    expect(mail.text).toContain('https://app.example.com/verify-email?token=tok_123');
    expect(mail.html).toContain('href="https://app.example.com/verify-email?token=tok_123"');
  });

  it('escapes the user name in the HTML body, and leaves out a name that is markup', () => {
    expect(verificationEmail({ appUrl: 'https://x.test', to: 'a@x.test', name: "O'Brien", token: 't' }).html).toContain('Hi O&#39;Brien,');
    const mail = verificationEmail({ appUrl: 'https://x.test', to: 'a@x.test', name: '<script>alert(1)</script>', token: 't' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('alert(1)');
  });
});

const jwt = (claims: Record<string, unknown>): string =>
  ['{"alg":"RS256"}', JSON.stringify(claims), 'sig'].map((part, i) => (i < 2 ? Buffer.from(part).toString('base64url') : part)).join('.');

describe('readAccessToken', () => {
  it('reads sub, the admin group and the lifetime from the payload', () => {
    const facts = readAccessToken(jwt({ sub: 'user-1', 'cognito:groups': ['admin'], iat: 1000, exp: 4600, jti: 'token-1' }));
    expect(facts).toEqual({ sub: 'user-1', isAdmin: true, lifetimeSeconds: 3600, tokenId: 'token-1', expiresAt: 4600 });
  });

  it('is not admin without the group', () => {
    expect(readAccessToken(jwt({ sub: 'user-1', iat: 1, exp: 2, jti: 'j' })).isAdmin).toBe(false);
  });

  it('prefers Cognito ExpiresIn and falls back to the token lifetime', () => {
    const facts = readAccessToken(jwt({ sub: 'u', iat: 0, exp: 86400, jti: 'j' }));
    expect(expiresInSeconds(3600, facts)).toBe(3600);
    expect(expiresInSeconds(undefined, facts)).toBe(86400);
  });

  it('throws on something that is not a JWT', () => {
    expect(() => readAccessToken('opaque')).toThrow();
  });

  it('throws on a token without a jti, which no session could hold', () => {
    expect(() => readAccessToken(jwt({ sub: 'u', iat: 0, exp: 60 }))).toThrow(/jti/);
  });
});
