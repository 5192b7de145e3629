/**
 * Making an error's context safe to store and show to operators: no credentials, no tokens, and
 * bounded in size. Keys that name a secret are replaced whole; strings are searched for bearer
 * tokens and JWTs; deep or huge values are cut. Pure; never throws.
 */

export const REDACTED = '[redacted]';

/** Key names (compared lower-case, without `-`/`_`) whose values are never kept. */
const SECRET_KEY = /(authorization|cookie|password|passwd|secret|token|signature|apikey|accesskey|credential|privatekey|session|otp|cardnumber|cvc|cvv)/;

const normalizeKey = (key: string): string => key.toLowerCase().replace(/[-_\s]/g, '');

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(normalizeKey(key));

const BEARER = /\b(bearer|basic)\s+[\w\-.~+/=]+/gi;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
/** Query-string style secrets in URLs and messages: ?token=..., &password=... */
const SECRET_PARAM = /\b([\w-]*(?:token|password|secret|signature|key)[\w-]*)=([^&\s"']+)/gi;

export const scrubText = (text: string, maxLength = 2000): string => {
  const cleaned = text.replace(BEARER, `$1 ${REDACTED}`).replace(JWT, REDACTED).replace(SECRET_PARAM, `$1=${REDACTED}`);
  return cleaned.length > maxLength ? `${cleaned.slice(0, maxLength)}... [cut]` : cleaned;
};

const MAX_DEPTH = 5;
const MAX_KEYS = 50;
const MAX_ITEMS = 20;

const scrubValue = (value: unknown, depth: number): unknown => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return scrubText(value, 1000);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message, 1000) };
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => scrubValue(item, depth + 1));
  if (typeof value === 'object') return scrubObject(value as Record<string, unknown>, depth + 1);
  return String(value);
};

const scrubObject = (object: Record<string, unknown>, depth: number): Record<string, unknown> => {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object).slice(0, MAX_KEYS)) {
    if (value === undefined) continue;
    result[key] = isSecretKey(key) ? REDACTED : scrubValue(value, depth);
  }
  return result;
};

/** The context with secrets replaced, strings scrubbed, and size bounded (about 8 KB of JSON). */
export const scrubContext = (context: Record<string, unknown> | undefined): Record<string, unknown> => {
  if (!context) return {};
  try {
    const scrubbed = scrubObject(context, 0);
    const json = JSON.stringify(scrubbed);
    return json.length <= 8000 ? scrubbed : { note: 'context too large, cut', preview: json.slice(0, 4000) };
  } catch {
    return { note: 'context could not be serialized' };
  }
};
