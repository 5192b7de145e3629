/**
 * A first name a mail client cannot turn into a link: letters (any script), their marks,
 * apostrophes and hyphens; no dot, colon, slash, at sign or digit.
 */
const PLAIN_FIRST_NAME = /^[\p{L}\p{M}'’-]{1,40}$/u;

/**
 * The greeting of the account mails (verification, reset, password changed): the person's first
 * name only, and no name when even that could be read as an address. A name is whatever was typed
 * at registration, and the verification mail goes to an address nobody has proved yet: "Hi
 * www.evil.example," would be autolinked by most mail clients and sent from our domain
 * (docs/security.md "Account mails quote no link").
 */
export const greetingLine = (name: string): string => {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return PLAIN_FIRST_NAME.test(first) ? `Hi ${first},` : 'Hi there,';
};
