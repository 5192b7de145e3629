import type { FormValue } from '../form-params.js';
import { StripeApiError, invalidParam, missingParam } from './stripe-errors.js';
import type { Metadata } from './stripe-state.js';

/** Reading Stripe's form parameters the way Stripe validates them (names in errors are Stripe's). */
export type Params = Record<string, FormValue>;

export const rejectUnknown = (params: Params, allowed: string[]): void => {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw new StripeApiError(400, 'invalid_request_error', `Received unknown parameter: ${key}`, 'parameter_unknown', key);
    }
  }
};

export const optionalString = (value: FormValue | undefined, param: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(param, `Invalid string: ${JSON.stringify(value)}`);
  return value;
};

export const requiredString = (value: FormValue | undefined, param: string): string => {
  const text = optionalString(value, param);
  if (text === undefined || text === '') throw missingParam(param);
  return text;
};

export const optionalInteger = (value: FormValue | undefined, param: string, min = 0): number | undefined => {
  const text = optionalString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text) || Number(text) < min) throw invalidParam(param, `Invalid integer: ${text}`);
  return Number(text);
};

export const optionalBoolean = (value: FormValue | undefined, param: string): boolean | undefined => {
  const text = optionalString(value, param);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalidParam(param, `Invalid boolean: ${text}`);
  return text === 'true';
};

export const optionalObject = (value: FormValue | undefined, param: string): Params | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(param, `Invalid object`);
  return value;
};

export const optionalArray = (value: FormValue | undefined, param: string): FormValue[] | undefined => {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value === '') return [];
  if (!Array.isArray(value)) throw invalidParam(param, `Invalid array`);
  return value;
};

export const stringArray = (value: FormValue | undefined, param: string): string[] =>
  (optionalArray(value, param) ?? []).map((element, index) => requiredString(element, `${param}[${index}]`));

/** Stripe metadata: up to 50 keys (40 chars) of up to 500-char strings; an empty value unsets a key. */
export const metadataUpdate = (current: Metadata, value: FormValue | undefined, param = 'metadata'): Metadata => {
  if (value === undefined) return current;
  if (value === '') return {};
  const update = optionalObject(value, param) ?? {};
  const next = { ...current };
  for (const [key, raw] of Object.entries(update)) {
    const text = requiredStringOrEmpty(raw, `${param}[${key}]`);
    if (key.length > 40) throw invalidParam(`${param}[${key}]`, 'Metadata keys can be at most 40 characters long.');
    if (text.length > 500) throw invalidParam(`${param}[${key}]`, 'Metadata values can be at most 500 characters long.');
    if (text === '') delete next[key];
    else next[key] = text;
  }
  if (Object.keys(next).length > 50) throw invalidParam(param, 'Metadata can have at most 50 keys.');
  return next;
};

const requiredStringOrEmpty = (value: FormValue, param: string): string => {
  if (typeof value !== 'string') throw invalidParam(param, `Invalid string: ${JSON.stringify(value)}`);
  return value;
};

export const validUrl = (value: string, param: string): string => {
  try {
    const url = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs_placeholder'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return value;
  } catch {
    throw invalidParam(param, 'Not a valid URL');
  }
};
