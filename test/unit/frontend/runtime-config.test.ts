import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../../frontend/src/lib/config';

const base = { apiUrl: '', region: 'us-east-1', userPoolId: 'pool', userPoolClientId: 'client', userPoolEndpoint: null };

describe('RuntimeConfig', () => {
  it('reads a config.json without a support address', () => {
    expect(RuntimeConfig.parse(base).supportEmail).toBeUndefined();
  });

  it('keeps a valid support address and drops a malformed one rather than failing the app', () => {
    expect(RuntimeConfig.parse({ ...base, supportEmail: 'help@upwatch.example' }).supportEmail).toBe('help@upwatch.example');
    expect(RuntimeConfig.parse({ ...base, supportEmail: 'not an address' }).supportEmail).toBeNull();
  });

  it('reads the optional checkout.js address of the UPI popup', () => {
    expect(RuntimeConfig.parse(base).razorpayCheckoutUrl).toBeUndefined();
    const url = 'https://checkout.razorpay.com/v1/checkout.js';
    expect(RuntimeConfig.parse({ ...base, razorpayCheckoutUrl: url }).razorpayCheckoutUrl).toBe(url);
  });
});
