import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, type RuntimeConfig } from '../../../frontend/src/lib/config';

const base = { apiUrl: '', region: 'us-east-1', userPoolId: 'pool', userPoolClientId: 'client', userPoolEndpoint: null };

const parsed = (body: unknown): RuntimeConfig => {
  const result = parseRuntimeConfig(body);
  if (!result.success) throw new Error(`refused: ${result.fields.join(', ')}`);
  return result.data;
};

describe('parseRuntimeConfig', () => {
  it('reads a config.json without a support address', () => {
    expect(parsed(base).supportEmail ?? null).toBeNull();
    expect(parsed(base)).toMatchObject({ apiUrl: '', region: 'us-east-1', userPoolId: 'pool', userPoolClientId: 'client' });
  });

  it('keeps a valid support address and drops a malformed one rather than failing the app', () => {
    expect(parsed({ ...base, supportEmail: 'help@upwatch.example' }).supportEmail).toBe('help@upwatch.example');
    expect(parsed({ ...base, supportEmail: 'not an address' }).supportEmail).toBeNull();
  });

  it('names the fields that are missing or wrong', () => {
    expect(parseRuntimeConfig({ apiUrl: '', region: '', userPoolClientId: 'client' })).toEqual({
      success: false,
      fields: ['region', 'userPoolId'],
    });
    expect(parseRuntimeConfig([])).toEqual({ success: false, fields: ['(root)'] });
    expect(parseRuntimeConfig({ ...base, userPoolEndpoint: 5 })).toEqual({ success: false, fields: ['userPoolEndpoint'] });
  });

  it('reads the optional checkout.js address of the UPI popup', () => {
    const read = (body: unknown) => {
      const parsed = parseRuntimeConfig(body);
      if (!parsed.success) throw new Error(`invalid: ${parsed.fields.join(', ')}`);
      return parsed.data;
    };
    expect(read(base).razorpayCheckoutUrl).toBeNull();
    const url = 'https://checkout.razorpay.com/v1/checkout.js';
    expect(read({ ...base, razorpayCheckoutUrl: url }).razorpayCheckoutUrl).toBe(url);
  });
});
