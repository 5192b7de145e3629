import { POLICY } from '../../../shared/policies.js';
import type { OutgoingEmail } from '../../repositories/mail-repository.js';
import { greetingLine } from './greeting.js';
import { brandedEmail } from '../email-layout.js';

export const verificationLink = (appUrl: string, token: string): string =>
  `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * The e-mail that carries the verification link, in the layout every Upwatch e-mail shares. It says
 * that an account never verified is removed (docs/product-rules.md "Unverified accounts"); the only
 * user-written text in it is the greeting's first name, which greetingLine keeps from reading as a link.
 */
export const verificationEmail = (opts: { appUrl: string; to: string; name: string; token: string }): OutgoingEmail =>
  brandedEmail({
    to: opts.to,
    subject: 'Verify your Upwatch email address',
    heading: 'Confirm your email address',
    paragraphs: [greetingLine(opts.name), 'Thanks for signing up for Upwatch. Please confirm your email address by opening this link:'],
    action: { label: 'Verify email address', url: verificationLink(opts.appUrl, opts.token) },
    footer: `The link expires in 24 hours. If the address is not verified within ${POLICY.unverifiedAccountKeptDays} days, the account is removed. If you did not create an Upwatch account, you can ignore this email.`,
  });
