import { z } from 'zod';

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;

/** A DNS name (letters, digits, hyphens, underscores for service labels), at most 253 characters, without its trailing dot. */
export const isDomainName = (value: string): boolean => {
  const name = value.replace(/\.$/, '');
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
};

/** A host or name as typed: trimmed, without IPv6 brackets or a trailing dot, lower case. */
export const HostText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(253, `${label} is too long (253 characters at most)`)
    .transform((value) => value.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase());
