import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { api, baseUrl } from './helpers/api.js';
import { nextCodeOfAddress } from './helpers/two-factor.js';

describe('local gateway', () => {
  it('health answers ok once everything is up', async () => {
    const health = await api('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
  });

  it('serves the SPA at / and falls back to it for client routes', async () => {
    for (const path of ['/', '/app/monitors', '/verify-email?token=abc']) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('tells the SPA where the user pool is', async () => {
    const config = await api('/config.json');
    expect(config.body).toMatchObject({ apiUrl: '', userPoolId: expect.stringMatching(/^local_/), userPoolClientId: expect.any(String) });
  });

  it('answers unknown API paths with a JSON 404 and wrong methods with a 405', async () => {
    const missing = await api('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Not found', code: 'NOT_FOUND' });
    const wrongMethod = await api('/api/health', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.detail).toEqual(expect.any(String));
  });

  it('provisions the admin user from the settings, in the admin group', async () => {
    const admin = inject('adminCredentials');
    // The operator may have two-factor sign-in from an earlier test of this cloud: answer the code then.
    const first = await api<{ code?: string }>('/api/auth/login', { method: 'POST', body: admin });
    const body = first.body.code === 'TWO_FACTOR_REQUIRED' ? { ...admin, code: await nextCodeOfAddress(admin.email) } : admin;
    const login = await api<{ user: { is_admin: boolean; email_verified: boolean } }>('/api/auth/login', { method: 'POST', body });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ is_admin: true, email_verified: true });
  });
});
