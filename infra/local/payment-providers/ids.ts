import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id in the provider's style: `prefix_` and `length` letters and digits. */
export const newId = (prefix: string, length = 24): string => {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
};

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
